import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseActions } from '../src/action-set/parse.ts';
import { actionForms } from '../src/action-set/signatures.ts';

test('one call, several calls, in prose and in code fences', () => {
  assert.deepEqual(parseActions('modify_radio("q1", "yes")').actions, [{ name: 'modify_radio', args: ['q1', 'yes'] }]);
  const reply = 'Sure! First I pick the answer:\n```python\nmodify_radio("q1", "yes")\nmodify_checkbox(\'tags\', ["a", "b c"])\n```\nThen modify_range("score", 3.5) and done.';
  assert.deepEqual(parseActions(reply), {
    actions: [
      { name: 'modify_radio', args: ['q1', 'yes'] },
      { name: 'modify_checkbox', args: ['tags', ['a', 'b c']] },
      { name: 'modify_range', args: ['score', 3.5] },
    ],
    errors: [],
  });
});

test('strings keep quotes, escapes and new lines; keyword arguments are accepted by their name', () => {
  assert.deepEqual(parseActions(String.raw`modify_text("a", "He said \"hi\"\n\u00e9 \\ 'ok'")`).actions[0]!.args, ['a', 'He said "hi"\né \\ \'ok\'']);
  assert.deepEqual(parseActions('modify_text(field="a", value=\'x)\')').actions[0]!.args, ['a', 'x)']);
  assert.deepEqual(parseActions('scroll("down")  scroll(0, -200) click(10, 20)').actions.map((a) => a.args), [['down'], [0, -200], [10, 20]]);
});

test('a call named inside a string is text, not a call', () => {
  const { actions } = parseActions('modify_text("note", "then modify_radio(\\"q\\", \\"x\\")")');
  assert.equal(actions.length, 1);
  assert.equal(actions[0]!.name, 'modify_text');
});

test('malformed calls become errors with their offset, never code', () => {
  const cases: [string, RegExp][] = [
    ['modify_radio("q1", yes)', /expected a quoted string, a number, True or False, or a list of strings, found "y"/],
    ['modify_radio("q1" "yes")', /expected "," or "\)", found "\\""/],
    ['modify_radio("q1", "yes"', /expected "," or "\)", found the end of the reply/],
    ['modify_text("q1", "unterminated)', /unterminated string/],
    ['modify_text("q1")', /modify_text takes 2 arguments \(field, value\), got 1/],
    ['modify_text("q1", "a", "b")', /takes 2 arguments/],
    ['click("10", 20)', /^click takes \(target, button\?\) or \(x, y\): "button" must be a string, got 20; "x" must be a number, got "10"$/],
    ['fill("e3")', /^fill takes 2 arguments \(target, value\), got 1$/],
    ['go_back("now")', /^go_back takes 0 arguments, got 1$/],
    ['tab_focus("second")', /tab_focus: "index" must be a number, got "second"/],
    ['modify_checkbox("q", [1, 2])', /expected a string in the list/],
    ['modify_text(value="a", field="q")', /expects "field" here, not "value"/],
    ['modify_text("a", "\\q")', /unknown escape \\q/],
    ['modify_text("a", process.exit(1))', /expected a quoted string/],
    ['I would set the field to yes.', /no action found/],
    ['eval("modify_text(1)")', /modify_text takes 2 arguments|must be a string/],
  ];
  for (const [reply, error] of cases) {
    const result = parseActions(reply);
    assert.equal(result.actions.length, 0, reply);
    assert.equal(result.errors.length, 1, reply);
    assert.match(result.errors[0]!.message, error, reply);
    assert.ok(result.errors[0]!.offset >= 0 && result.errors[0]!.offset <= reply.length);
  }
});

test('actions by ref: click is told from click(x, y) by its arguments; selectors and lists parse', () => {
  const reply = `click("e12")\nclick(10, 20)\nclick("e3", button="right")\nselect_option("e4", ["a", "b"])\nclick("role=button[name='Save']")\nsend_msg_to_user("It is 42.")\nnoop()`;
  assert.deepEqual(parseActions(reply), {
    actions: [
      { name: 'click', args: ['e12'] },
      { name: 'click', args: [10, 20] },
      { name: 'click', args: ['e3', 'right'] },
      { name: 'select_option', args: ['e4', ['a', 'b']] },
      { name: 'click', args: ["role=button[name='Save']"] },
      { name: 'send_msg_to_user', args: ['It is 42.'] },
      { name: 'noop', args: [] },
    ],
    errors: [],
  });
});

test('a good call after a bad one still runs; unknown functions are prose', () => {
  const result = parseActions('modify_radio(q1, "x")\nfoo("a")\nmodify_radio("q1", "x")');
  assert.deepEqual(result.actions, [{ name: 'modify_radio', args: ['q1', 'x'] }]);
  assert.equal(result.errors.length, 1);
});

test('WebArena\'s stop [answer] ends with an answer, read as its parser reads it; a call in the same reply wins', () => {
  const answer = (reply: string) => parseActions(reply).actions;
  assert.deepEqual(answer('In summary, the next action I will perform is ```stop [$25.99]```'), [{ name: 'send_msg_to_user', args: ['$25.99'] }]);
  assert.deepEqual(answer('stop [N/A]'), [{ name: 'send_msg_to_user', args: ['N/A'] }]);
  // Everything up to the last "]" of the line, as WebArena's \[(.+)\] takes it.
  assert.deepEqual(answer('stop [a [b] c]'), [{ name: 'send_msg_to_user', args: ['a [b] c'] }]);
  assert.deepEqual(answer('stop []'), [{ name: 'send_msg_to_user', args: [''] }]);
  // A bare stop answers nothing, as WebArena reads it; said in prose, or on a line of its own before "[", it is no action.
  assert.deepEqual(answer('```stop```'), [{ name: 'send_msg_to_user', args: [''] }]);
  assert.match(parseActions('I will stop here').errors[0]!.message, /no action found/);
  assert.match(parseActions('stop\n[the answer]').errors[0]!.message, /no action found/);
  assert.deepEqual(answer('click("e3")\nthen stop [done]'), [{ name: 'click', args: ['e3'] }]);
  assert.match(parseActions('stopped [here]').errors[0]!.message, /no action found/);
});

test("BrowserGym's actions as its agents write them: bids, its Python booleans, its extra parameters, its own names", () => {
  assert.deepEqual(parseActions("fill('15', 'Dannie', True)\nclick('12', 'left', ['Shift'])\nmouse_click(10, 20.5)\nkeyboard_type('hi')").actions, [
    { name: 'fill', args: ['15', 'Dannie', true] },
    { name: 'click', args: ['12', 'left', ['Shift']] },
    { name: 'mouse_click', args: [10, 20.5] },
    { name: 'keyboard_type', args: ['hi'] },
  ]);
  assert.deepEqual(parseActions('fill("e3", "x", enable_autocomplete_menu=false)').actions, [{ name: 'fill', args: ['e3', 'x', false] }]);
  // Its keywords: its parameters' names, and a keyword past an optional parameter it skips.
  assert.deepEqual(parseActions("click(bid='12')\npress('3', key_comb='Enter')\ndrag_and_drop(from_bid='1', to_bid='2')\nscroll(delta_x=0, delta_y=200)\nclick('12', modifiers=['Shift'])").actions, [
    { name: 'click', args: ['12'] },
    { name: 'press', args: ['3', 'Enter'] },
    { name: 'drag_and_drop', args: ['1', '2'] },
    { name: 'scroll', args: [0, 200] },
    { name: 'click', args: ['12', 'left', ['Shift']] },
  ]);
  // Its extra parameters are taken but never shown: the prompts of earlier runs stay as they were.
  assert.deepEqual(actionForms('click'), ['click(target, button?)', 'click(x, y)']);
  assert.deepEqual(actionForms('fill'), ['fill(target, value)']);
  assert.match(parseActions('fill("e3", "x", "yes")').errors[0]!.message, /"enable_autocomplete_menu" must be a boolean/);
  assert.match(parseActions('upload_file("3", "/etc/passwd")').errors[0]!.message, /no action found/);
});

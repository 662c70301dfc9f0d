#!/usr/bin/env python3
"""A scripted agent server for benchwright's HTTP agent protocol, version 1.

Python 3 standard library only. The harness POSTs one JSON request per step of a goal task
(kind "step") or per field of a form task (kind "field"); this server answers with one action
in action text, or null. The schema of every message: schemas/agent-protocol.schema.json.

Goal tasks: it solves the bundled bookshop tasks (tasks/goals/bookshop) from what a request
holds, the goal and the accessibility snapshot: it finds the book's link by its title or by the
author its list item names, clicks it by ref, fills the Copies spinbutton and clicks Buy and
Place order, fills Your review and clicks Post review, or reads the price and says it.
Form tasks: the first option of every radio group, select and checkbox group; other fields
(text, range, ...) are left as they are.

    python3 examples/python/agent.py --port 8765
    BENCHWRIGHT_AGENT_URL=http://127.0.0.1:8765/ npx playwright test --project=http
"""
import argparse
import json
import re
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

VERSION = 1

# One line of Playwright's snapshot for AI: `  - link "Dune" [ref=e12] [cursor=pointer]:`,
# `- spinbutton "Copies" [ref=f1e12]: "1"`, `- text: by Frank Herbert`.
LINE = re.compile(r'^(?P<indent>\s*)- (?P<role>[\w-]+)(?: "(?P<name>(?:[^"\\]|\\.)*)")?(?P<marks>(?: \[[^\]]*\])*)(?::\s*(?P<text>.*))?$')
REF = re.compile(r'\[ref=((?:f\d+)?e\d+)\]')


def elements(snapshot):
    """The snapshot's lines as dicts: depth, role, name, ref (or None), text (a value or inline text)."""
    found = []
    for line in snapshot.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        ref = REF.search(m.group('marks') or '')
        text = (m.group('text') or '').strip()
        if len(text) >= 2 and text[0] == text[-1] == '"':
            text = json.loads(text)
        found.append({
            'depth': len(m.group('indent')),
            'role': m.group('role'),
            'name': json.loads('"%s"' % m.group('name')) if m.group('name') is not None else '',
            'ref': ref.group(1) if ref else None,
            'text': text,
        })
    return found


def find(items, role, name=None):
    """The first element of that role (and name), or None."""
    return next((e for e in items if e['role'] == role and (name is None or e['name'] == name)), None)


def inside(items, parent):
    """The elements below `parent` in the snapshot's tree."""
    i = items.index(parent) + 1
    below = []
    while i < len(items) and items[i]['depth'] > parent['depth']:
        below.append(items[i])
        i += 1
    return below


def call(name, *args):
    """Action text: arguments as JSON strings and numbers, which the harness's grammar reads."""
    return '%s(%s)' % (name, ', '.join(json.dumps(a, ensure_ascii=False) for a in args))


def book_link(items, title=None, author=None):
    """The catalogue's link to the book, by its title or by the author its list item names."""
    for item in items:
        if item['role'] != 'listitem':
            continue
        below = inside(items, item)
        link = find(below, 'link')
        if link is None:
            continue
        if title is not None and link['name'] == title:
            return link
        if author is not None and any(e['text'] == 'by ' + author for e in below):
            return link
    return None


# The bookshop's goals (tasks/goals/bookshop/*.yaml), as their text says them.
GOALS = [
    ('price', re.compile(r'What does the book "(?P<title>.+?)" cost')),
    ('order', re.compile(r'Order (?P<qty>\d+) copies of "(?P<title>.+?)"')),
    ('review', re.compile(r'Post this review of "(?P<title>.+?)" in the bookshop: (?P<review>.+)$')),
    ('author', re.compile(r'book written by (?P<author>.+?)\.?$')),
]


def read_goal(goal):
    """(kind, its parts), or (None, {}) for a goal this script does not know."""
    for kind, pattern in GOALS:
        m = pattern.search(goal)
        if m:
            return kind, m.groupdict()
    return None, {}


def choose_step(request):
    """(action or None, reasoning) for one step of a bookshop goal, from the goal and the snapshot alone."""
    kind, want = read_goal(request['goal'])
    if kind is None:
        return None, 'this script only knows the bookshop goals'
    page_text = request['observation']['snapshot']
    items = elements(page_text)

    # The checkout page: place the order, once.
    place = find(items, 'button', 'Place order')
    if place is not None:
        if 'Your order is placed' in page_text:
            return None, 'the order is placed'
        return call('click', place['ref']), 'place the order'

    # The book's page: its heading is the title, and it has the Copies spinbutton.
    copies = find(items, 'spinbutton', 'Copies')
    if copies is not None:
        heading = find(items, 'heading')
        wanted = ('by %s,' % want['author']) in page_text if kind == 'author' else heading and heading['name'] == want['title']
        if not wanted:
            return call('click', find(items, 'link', 'Catalogue')['ref']), 'another book: back to the catalogue'
        if kind == 'author':
            return None, 'this is the page of the book by %s' % want['author']
        if kind == 'price':
            price = re.search(r'Price: \$([\d.]+)', page_text)
            if price:
                return call('send_msg_to_user', price.group(1)), 'the page shows the price'
        if kind == 'order':
            qty = want['qty']
            if copies['text'] != qty:
                return call('fill', copies['ref'], qty), 'set the number of copies'
            return call('click', find(items, 'button', 'Buy')['ref']), 'buy'
        if kind == 'review':
            if 'your review is posted' in page_text:
                return None, 'the review is posted'
            review = want['review']
            box = find(items, 'textbox', 'Your review')
            if box['text'] != review:
                return call('fill', box['ref'], review), 'write the review'
            return call('click', find(items, 'button', 'Post review')['ref']), 'post it'

    # The catalogue: the book's link.
    link = book_link(items, title=want.get('title'), author=want.get('author'))
    if link is not None:
        return call('click', link['ref']), 'open the book %s' % link['name']
    return None, 'no way forward on this page'


def choose_field(request):
    """(action or None, reasoning) for one form field: its first option, if it has options."""
    field = request['field']
    options = field.get('options') or []
    kind = field.get('type')
    if not options or kind not in ('radio', 'select', 'checkbox'):
        return None, 'left as it is'
    if kind == 'checkbox':
        return call('modify_checkbox', field['name'], [options[0]]), 'the first option'
    return call('modify_' + kind, field['name'], options[0]), 'the first option'


def choose(request):
    """The action for a request, why, and what it was about (for the printed line)."""
    if request.get('kind') == 'step':
        action, reasoning = choose_step(request)
        return action, reasoning, 'step %d' % (request['observation']['step'] + 1)
    if request.get('kind') == 'field':
        action, reasoning = choose_field(request)
        return action, reasoning, 'field %s' % request['field']['name']
    # A kind this version does not know: leave it alone, as the protocol asks of unknowns.
    return None, 'unknown kind', 'kind %s' % request.get('kind')


class Handler(BaseHTTPRequestHandler):
    def do_POST(self):
        try:
            request = json.loads(self.rfile.read(int(self.headers.get('Content-Length') or 0)))
        except ValueError as e:
            return self.answer(400, {'error': 'not JSON: %s' % e})
        if not isinstance(request, dict):
            return self.answer(400, {'error': 'the request is not a JSON object'})
        if request.get('version') != VERSION:
            return self.answer(400, {'error': 'this agent speaks protocol version %d' % VERSION})
        try:
            action, reasoning, subject = choose(request)
        except Exception as e:  # a bug of the agent's: say so (500), never drop the connection
            return self.answer(500, {'error': '%s: %s' % (type(e).__name__, e)})
        self.answer(200, {'version': VERSION, 'action': action, 'reasoning': reasoning,
                          'usage': {'promptTokens': 0, 'completionTokens': 0, 'cost': 0}})
        # One line per answer, after it is sent: a test can count them and stop the server.
        print('answered %s: %s' % (subject, json.dumps(action, ensure_ascii=False)), flush=True)

    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header('Content-Type', 'application/json')
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format, *args):
        pass  # the answers are printed instead


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--host', default='127.0.0.1')
    parser.add_argument('--port', type=int, default=8765, help='0: any free port')
    args = parser.parse_args()
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    print('listening on http://%s:%d/' % (args.host, server.server_address[1]), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == '__main__':
    sys.exit(main())

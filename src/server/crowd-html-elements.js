// Amazon's crowd HTML elements (https://assets.crowd.aws/crowd-html-elements.js), the ones
// TurkingBench pages use, written here from their public documentation (SageMaker Ground Truth
// "Crowd HTML Elements Reference"): crowd-form, crowd-button, crowd-checkbox, crowd-input,
// crowd-slider. The original cannot be reached offline, and task pages never leave loopback.
//
// Each element renders an ordinary form control named like the element, inside itself (light
// DOM): users click and type in a real checkbox, text input or slider, keyboard and mouse work
// as usual, and anything that reads form fields by name finds it. The elements expose the
// properties and events page scripts use (checked, value, change, input), and crowd-form
// submits the answers in Amazon's format ("flatten-objects" or nested objects).
(function () {
  'use strict';
  if (!window.customElements || window.customElements.get('crowd-form')) return;

  var STYLE = 'crowd-checkbox, crowd-input, crowd-slider { display: block; margin: 4px 0; }' +
    'crowd-input label, crowd-slider label { display: block; font-size: 90%; color: #555; }' +
    'crowd-input input { width: 100%; max-width: 40em; padding: 4px; box-sizing: border-box; }' +
    'crowd-slider input { width: 100%; max-width: 30em; vertical-align: middle; }' +
    'crowd-slider output { display: inline-block; min-width: 2em; margin-left: 6px; font-weight: bold; }' +
    'crowd-form { display: block; }';

  function addStyle() {
    if (document.getElementById('benchwright-crowd-style')) return;
    var style = document.createElement('style');
    style.id = 'benchwright-crowd-style';
    style.textContent = STYLE;
    (document.head || document.documentElement).appendChild(style);
  }

  // Elements defined before the page is parsed are connected before their children arrive.
  function whenParsed(render) {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', render, { once: true });
    else render();
  }

  function copyAttributes(element, input, names) {
    names.forEach(function (pair) {
      if (element.hasAttribute(pair[0])) input.setAttribute(pair[1], element.getAttribute(pair[0]));
    });
  }

  /** A crowd element holding one native control (created once, on first render). */
  class CrowdControl extends HTMLElement {
    connectedCallback() {
      addStyle();
      var self = this;
      whenParsed(function () { self.render(); });
    }
    render() {
      if (this.control) return this.control;
      this.control = this.build();
      this.control.name = this.getAttribute('name') || '';
      this.control.disabled = this.hasAttribute('disabled');
      this.control.required = this.hasAttribute('required');
      return this.control;
    }
    get value() { return this.render().value; }
    set value(v) { this.render().value = v; }
    get disabled() { return this.render().disabled; }
    set disabled(v) { this.render().disabled = !!v; }
    get name() { return this.getAttribute('name') || ''; }
  }

  class CrowdCheckbox extends CrowdControl {
    build() {
      var label = document.createElement('label');
      var input = document.createElement('input');
      input.type = 'checkbox';
      input.value = 'on';
      input.checked = this.hasAttribute('checked');
      label.append(input, ' ');
      while (this.firstChild) label.appendChild(this.firstChild);
      this.appendChild(label);
      return input;
    }
    get checked() { return this.render().checked; }
    set checked(v) { this.render().checked = !!v; }
  }

  class CrowdInput extends CrowdControl {
    build() {
      var label = null;
      if (this.hasAttribute('label')) {
        label = document.createElement('label');
        label.textContent = this.getAttribute('label');
        this.appendChild(label);
      }
      var input = document.createElement('input');
      input.type = this.getAttribute('type') || 'text';
      copyAttributes(this, input, [['placeholder', 'placeholder'], ['value', 'value'], ['max-length', 'maxlength'],
        ['min-length', 'minlength'], ['allowed-pattern', 'pattern'], ['auto-focus', 'autofocus'], ['min', 'min'], ['max', 'max'], ['step', 'step']]);
      if (label) label.appendChild(input); else this.appendChild(input);
      return input;
    }
  }

  class CrowdSlider extends CrowdControl {
    build() {
      var label = document.createElement('label');
      if (this.hasAttribute('label')) label.append(this.getAttribute('label'), ' ');
      var input = document.createElement('input');
      input.type = 'range';
      input.min = this.getAttribute('min') || '0';
      input.max = this.getAttribute('max') || '100';
      input.step = this.getAttribute('step') || '1';
      if (this.hasAttribute('value')) input.value = this.getAttribute('value');
      label.appendChild(input);
      // The pin shows the value chosen, as the original's does.
      if (this.hasAttribute('pin')) {
        var pin = document.createElement('output');
        pin.textContent = input.value;
        input.addEventListener('input', function () { pin.textContent = input.value; });
        input.addEventListener('change', function () { pin.textContent = input.value; });
        label.appendChild(pin);
      }
      this.appendChild(label);
      return input;
    }
    get value() { return Number(this.render().value); }
    set value(v) { this.render().value = String(v); }
  }

  /** The answers of a crowd-form, as Amazon sends them. */
  function answersOf(form) {
    var flat = form.getAttribute('answer-format') === 'flatten-objects';
    var answers = {};
    var put = function (name, key, value) {
      if (!name) return;
      if (key === null) answers[name] = value;
      else if (flat) answers[name + '.' + key] = value;
      else (answers[name] = answers[name] || {})[key] = value;
    };
    form.querySelectorAll('input, select, textarea').forEach(function (control) {
      var owner = control.closest('crowd-checkbox, crowd-input, crowd-slider');
      if (owner && owner.closest('crowd-form') === form) {
        if (owner.localName === 'crowd-checkbox') put(owner.name, 'on', control.checked);
        else if (owner.localName === 'crowd-slider') put(owner.name, null, Number(control.value));
        else put(owner.name, null, control.value);
      } else if (control.type === 'radio' || control.type === 'checkbox') put(control.name, control.value, control.checked);
      else if (control.type !== 'submit' && control.type !== 'button') put(control.name, null, control.value);
    });
    return answers;
  }

  class CrowdForm extends HTMLElement {
    connectedCallback() {
      addStyle();
      var self = this;
      whenParsed(function () {
        if (self.querySelector('crowd-button[form-action="submit"]')) return;
        var button = document.createElement('crowd-button');
        button.setAttribute('form-action', 'submit');
        button.textContent = 'Submit';
        self.appendChild(button);
      });
    }
    /** Validates like a native form, fires a cancelable "submit", then posts the answers as `taskAnswers` JSON. */
    submit() {
      var form = this.closest('form');
      if (form && !form.reportValidity()) return;
      if (!this.dispatchEvent(new Event('submit', { cancelable: true }))) return;
      var answers = JSON.stringify([answersOf(this)]);
      if (!form) {
        form = document.createElement('form');
        form.method = 'post';
        form.action = '/__benchwright/submit';
        form.hidden = true;
        document.body.appendChild(form);
      }
      var field = form.querySelector('input[name="taskAnswers"]');
      if (!field) {
        field = document.createElement('input');
        field.type = 'hidden';
        field.name = 'taskAnswers';
        form.appendChild(field);
      }
      field.value = answers;
      HTMLFormElement.prototype.submit.call(form);
    }
    get answers() { return answersOf(this); }
  }

  class CrowdButton extends HTMLElement {
    connectedCallback() {
      var self = this;
      whenParsed(function () {
        if (self.button) return;
        self.button = document.createElement('button');
        self.button.type = 'button';
        while (self.firstChild) self.button.appendChild(self.firstChild);
        self.appendChild(self.button);
        self.button.disabled = self.hasAttribute('disabled');
        self.button.addEventListener('click', function () {
          var form = self.closest('crowd-form');
          if (self.getAttribute('form-action') === 'submit' && form) form.submit();
        });
      });
    }
  }

  customElements.define('crowd-checkbox', CrowdCheckbox);
  customElements.define('crowd-input', CrowdInput);
  customElements.define('crowd-slider', CrowdSlider);
  customElements.define('crowd-button', CrowdButton);
  customElements.define('crowd-form', CrowdForm);
})();

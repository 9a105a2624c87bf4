/* The lessons' exercises, checked on their pages with no Python (issue 41).

   tools/site_exercises.py writes each exercise's form where its check cell was, and the lesson's exercises as
   perceptron_lib/course/exercises.py's page_data gives them, in <script type="application/json" id="perceptron-exercises">.
   This script judges what was typed by the steps of exercises.py's `verdict`, in the same order:
   1. an empty box (or no option chosen) makes it "missing";
   2. a box whose text is not of the field's form makes it "form", with the field's `form` sentence (a number by
      answers.py's NUMBER, after trimming and turning "−" into "-"; a vector: numbers separated by commas and/or
      spaces, perhaps within [] or (); never NaN nor infinity), or the range's sentence;
   3. each field right or wrong: within max(tolerance, relative·|answer|), a unit's outputs summed term by term
      from w0 (exercises.py's unit_outputs), a choice or a subset by equality; the first wrong field's hint
      (near, equals, below, above, extra; else its hint). Every number is an IEEE double, as in Python.
   The lines said are the check cell's, but for the missing answer's, which asks for the box on the page.
   A solved exercise is recorded in localStorage["perceptron-course"].solved (other keys kept).
   window.perceptronExercises.verdict(key, entries) is the judging alone, for the tests and the benchmark. */
(function () {
  'use strict';
  var NUMBER = /^[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?$/;   // answers.py's NUMBER
  var SEPARATOR = /\s*,\s*|\s+/;
  var STORE = 'perceptron-course';
  var MISSING = 'Fill in every answer first.';
  var exercises = null;

  function data(key) {
    if (exercises === null) {
      var element = document.getElementById('perceptron-exercises');
      exercises = element ? JSON.parse(element.textContent) : {};
    }
    if (!Object.prototype.hasOwnProperty.call(exercises, key)) { throw new Error('no exercise ' + key + ' on this page'); }
    return exercises[key];
  }

  // --- Reading what was typed --------------------------------------------------------------------------------

  function clean(text) {
    return String(text === null || text === undefined ? '' : text).replace(/\u2212/g, '-').trim();
  }

  /* The number `text` says, or null: answers.py's NUMBER, and finite (1e400 is not a number here). */
  function parseNumber(text) {
    var t = clean(text);
    if (!NUMBER.test(t)) { return null; }
    var x = Number(t);
    return isFinite(x) ? x : null;
  }

  /* The numbers `text` lists ("[1, 0, -1]", "(1 0 -1)", "1,0,-1"), or null. */
  function parseVector(text) {
    var t = clean(text);
    var inner = /^\[(.*)\]$/.exec(t) || /^\((.*)\)$/.exec(t);
    if (inner) { t = inner[1].trim(); }
    if (t === '') { return []; }
    var items = t.split(SEPARATOR), numbers = [];
    for (var i = 0; i < items.length; i++) {
      var x = parseNumber(items[i]);
      if (x === null) { return null; }
      numbers.push(x);
    }
    return numbers;
  }

  function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

  function optionIndex(f, value) {
    for (var i = 0; i < f.options.length; i++) { if (same(f.options[i][0], value)) { return i; } }
    return -1;
  }

  function rangeProblem(f, x) {
    var low = f.minimum, high = f.maximum;
    if ((low !== null && x < low) || (high !== null && x > high)) {
      var span = low !== null && high !== null ? 'from ' + low + ' to ' + high
        : (low !== null ? 'at least ' + low : 'at most ' + high);
      return f.label + ' should be ' + span + '.';
    }
    return null;
  }

  /* {value} or {problem}: exercises.py's read, on a box's text, a chosen option's index or the ticked indices. */
  function read(f, entry) {
    if (f.kind === 'number') {
      var x = parseNumber(entry);
      if (x === null || (f.whole && x !== Math.trunc(x))) { return {problem: f.form}; }
      if (f.whole) { x = x + 0; }   // Python's int(-0.0) is 0
      var problem = rangeProblem(f, x);
      return problem ? {problem: problem} : {value: x};
    }
    if (f.kind === 'vector' || f.kind === 'weights') {
      var v = parseVector(entry);
      return v === null || v.length !== f.length ? {problem: f.form} : {value: v};
    }
    if (f.kind === 'choice') {
      return typeof entry === 'number' && entry >= 0 && entry < f.options.length && entry === Math.trunc(entry)
        ? {value: entry} : {problem: f.form};
    }
    if (f.kind === 'subset') {
      var chosen = [];
      var list = entry === null || entry === undefined ? [] : entry;
      for (var i = 0; i < list.length; i++) {
        if (typeof list[i] !== 'number' || !f.options[list[i]]) { return {problem: f.form}; }
        if (chosen.indexOf(list[i]) < 0) { chosen.push(list[i]); }
      }
      return {value: chosen.sort(function (a, b) { return a - b; })};
    }
    return {problem: f.form};   // code: only the live lesson can judge a function
  }

  function isMissing(f, entry) {
    if (f.kind === 'subset') { return false; }   // nothing ticked is an answer: none of them
    if (f.kind === 'choice') { return entry === null || entry === undefined; }
    return clean(entry) === '';
  }

  // --- Right or wrong ---------------------------------------------------------------------------------------

  /* exercises.py's unit_outputs: 1 where W·X > 0, each W·X summed term by term from w0. */
  function unitOutputs(weights, patterns) {
    return patterns.map(function (pattern) {
      var net = 0.0;
      for (var i = 0; i < Math.min(weights.length, pattern.length); i++) { net += weights[i] * pattern[i]; }
      return net > 0 ? 1 : 0;
    });
  }

  function answerIndices(f) {
    return f.answer.map(function (item) { return optionIndex(f, item); }).filter(function (i) { return i >= 0; });
  }

  function right(f, value) {
    if (f.kind === 'number') {
      return Math.abs(value - f.answer) <= Math.max(f.tolerance, f.relative * Math.abs(f.answer));
    }
    if (f.kind === 'vector') {
      return value.every(function (v, i) { return Math.abs(v - f.answer[i]) <= f.tolerance; });
    }
    if (f.kind === 'weights') { return same(unitOutputs(value, f.patterns), f.targets); }
    if (f.kind === 'choice') { return same(f.options[value][0], f.answer); }
    if (f.kind === 'subset') {
      var answer = answerIndices(f);
      return value.length === answer.length && value.every(function (i) { return answer.indexOf(i) >= 0; });
    }
    return false;
  }

  function hint(f, value) {
    for (var k = 0; k < f.hints.length; k++) {
      var condition = f.hints[k][0], parameter = f.hints[k][1], text = f.hints[k][2];
      if (condition === 'near' && Math.abs(value - f.answer) <= parameter) { return text; }
      if (condition === 'equals' && same(f.kind === 'choice' ? f.options[value][0] : value, parameter)) { return text; }
      if (condition === 'below' && value < f.answer) { return text; }
      if (condition === 'above' && value > f.answer) { return text; }
      if (condition === 'extra') {
        var answer = answerIndices(f);
        var extra = value.filter(function (i) { return answer.indexOf(i) < 0; })
          .map(function (i) { return f.options[i][1]; });
        if (extra.length) { return text.split('{extra}').join(extra.join(', ')); }
      }
    }
    return f.hint;
  }

  /* The verdict on `entries` (one per field: a box's text, a chosen option's index or null, the ticked options'
     indices) to `exercise` (page_data): {status, marks, message, field, values}, as exercises.py's verdict. */
  function judge(exercise, entries) {
    var fields = exercise.fields, i;
    for (i = 0; i < fields.length; i++) {
      if (isMissing(fields[i], entries[i])) {
        return {status: 'missing', marks: [], message: MISSING, field: fields[i].name, values: []};
      }
    }
    var values = [];
    for (i = 0; i < fields.length; i++) {
      var found = read(fields[i], entries[i]);
      if (found.problem) { return {status: 'form', marks: [], message: found.problem, field: fields[i].name, values: []}; }
      values.push(found.value);
    }
    var marks = fields.map(function (f, j) { return right(f, values[j]); });
    var first = marks.indexOf(false);
    if (first < 0) { return {status: 'solved', marks: marks, message: exercise.solved, field: '', values: values}; }
    return {status: 'wrong', marks: marks, message: hint(fields[first], values[first]), field: fields[first].name,
            values: values};
  }

  // --- Saying it: the check cell's lines --------------------------------------------------------------------

  /* The exact decimal digits of a finite x > 0 and its exponent: x = d1.d2d3… × 10^exponent. */
  function exactDigits(x) {
    var view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, x);
    var high = view.getUint32(0), biased = (high >>> 20) & 0x7ff;
    var mantissa = (BigInt(high & 0xfffff) << BigInt(32)) | BigInt(view.getUint32(4));
    if (biased === 0) { biased = 1; } else { mantissa = mantissa | (BigInt(1) << BigInt(52)); }
    var power = biased - 1075, digits, point;   // x = mantissa × 2^power
    if (power >= 0) { digits = (mantissa << BigInt(power)).toString(); point = 0; }
    else { digits = (mantissa * BigInt(5) ** BigInt(-power)).toString(); point = -power; }   // × 10^-point
    return {digits: digits, exponent: digits.length - point - 1};
  }

  /* Python's format(x, "g"): 6 significant digits (rounded half to even, on x's exact value), fixed notation
     for exponents -4 to 5, else scientific ("1.23457e+06"), insignificant zeros removed. */
  function formatG(x) {
    var sign = x < 0 || Object.is(x, -0) ? '-' : '';
    x = Math.abs(x);
    if (x === 0) { return sign + '0'; }
    var exact = exactDigits(x), digits = exact.digits, exponent = exact.exponent;
    var head = (digits + '000000').slice(0, 6), rest = digits.slice(6);
    var up = rest !== '' && (rest[0] > '5' || (rest[0] === '5' && (/[1-9]/.test(rest.slice(1)) ||
                                                                   Number(head[5]) % 2 === 1)));
    if (up) {
      head = (BigInt(head) + BigInt(1)).toString();
      if (head.length > 6) { head = head.slice(0, 6); exponent += 1; }
    }
    var trim = function (s) { return s.replace(/0+$/, ''); };
    if (exponent >= -4 && exponent < 6) {
      var whole = exponent >= 0 ? head.slice(0, exponent + 1) : '0';
      var fraction = trim(exponent >= 0 ? head.slice(exponent + 1) : '0'.repeat(-exponent - 1) + head);
      return sign + whole + (fraction ? '.' + fraction : '');
    }
    var tail = trim(head.slice(1));
    var e = Math.abs(exponent) < 10 ? '0' + Math.abs(exponent) : String(Math.abs(exponent));
    return sign + head[0] + (tail ? '.' + tail : '') + 'e' + (exponent < 0 ? '-' : '+') + e;
  }

  function shown(f, value) {
    if (f.kind === 'number') { return formatG(value); }
    if (f.kind === 'vector' || f.kind === 'weights') { return '[' + value.map(formatG).join(' ') + ']'; }
    if (f.kind === 'choice') { return f.options[value][1]; }
    return '[' + value.map(function (i) { return f.options[i][1]; }).join(', ') + ']';
  }

  /* The lines the check cell prints for `found` (the missing answer's line asks for the page's box). */
  function lines(exercise, found) {
    if (found.status === 'missing') { return [found.message]; }
    if (found.status === 'form') { return ['Not yet: ' + found.message]; }
    var said = exercise.fields.map(function (f, i) {
      var words = (f.label + ' = ' + shown(f, found.values[i]) + ' ' + f.claim).trim();
      return (found.marks[i] ? '✓ ' : '✗ ') + words;
    });
    if (found.status === 'wrong') { said.push('Not yet: ' + found.message); }
    else if (found.message) { said = said.concat(found.message.split('\n')); }
    return said;
  }

  // --- The form ---------------------------------------------------------------------------------------------

  function entriesOf(form, exercise) {
    return exercise.fields.map(function (f) {
      var box = form.querySelector('[data-field="' + f.name + '"]');
      if (f.kind === 'choice') {
        var chosen = box.querySelector('input[type=radio]:checked');
        return chosen ? Number(chosen.value) : null;
      }
      if (f.kind === 'subset') {
        return Array.prototype.map.call(box.querySelectorAll('input[type=checkbox]:checked'),
                                        function (tick) { return Number(tick.value); });
      }
      return box.querySelector('input').value;
    });
  }

  function remember(key) {
    try {
      var stored = null;
      try { stored = JSON.parse(window.localStorage.getItem(STORE)); } catch (error) { stored = null; }
      if (!stored || typeof stored !== 'object' || Array.isArray(stored)) { stored = {}; }
      if (!stored.solved || typeof stored.solved !== 'object' || Array.isArray(stored.solved)) { stored.solved = {}; }
      stored.solved[key] = true;
      window.localStorage.setItem(STORE, JSON.stringify(stored));
      window.dispatchEvent(new CustomEvent(STORE, {detail: {solved: key}}));   // the progress display shows it
    } catch (error) { /* no storage (a private window may refuse it): the verdict stands */ }
  }

  function check(form) {
    var exercise = data(form.dataset.key);
    var found = judge(exercise, entriesOf(form, exercise));
    var said = document.createDocumentFragment();
    lines(exercise, found).forEach(function (line) {
      var p = document.createElement('p');
      p.textContent = line;
      said.appendChild(p);
    });
    var region = form.querySelector('.perceptron-verdict');
    region.replaceChildren(said);   // new nodes: a screen reader says the verdict again even if it is the same
    form.dataset.status = found.status;
    exercise.fields.forEach(function (f, i) {
      var box = form.querySelector('[data-field="' + f.name + '"] input[type=text]');
      if (!box) { return; }
      var wrong = found.status === 'wrong' ? !found.marks[i] : found.field === f.name && found.status !== 'solved';
      if (wrong) { box.setAttribute('aria-invalid', 'true'); } else { box.removeAttribute('aria-invalid'); }
    });
    if (found.status === 'solved') { remember(exercise.key); }
    return found;
  }

  // Delegated: a form works as soon as it is parsed (this script is in the page's head). Enter in a box, or
  // Enter or Space on Check, submits it.
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains('perceptron-exercise')) { return; }
    event.preventDefault();
    check(form);
  });

  /* What this browser remembers: each solved exercise says so under its Check button (after a reload too);
     "Forget my answers" (predictions.js) clears that and every verdict shown. */
  function solvedBefore() {
    var stored = null;
    try { stored = JSON.parse(window.localStorage.getItem(STORE)); } catch (error) { stored = null; }
    return stored && typeof stored === 'object' && stored.solved && typeof stored.solved === 'object' ? stored.solved : {};
  }

  function showSolvedBefore() {
    var solved = solvedBefore();
    document.querySelectorAll('form.perceptron-exercise').forEach(function (form) {
      var note = form.querySelector('.perceptron-solved-before');
      if (solved[form.dataset.key] === true && !note) {
        note = document.createElement('p');
        note.className = 'perceptron-solved-before';
        note.textContent = 'You have solved this exercise (this browser remembers it).';
        form.insertBefore(note, form.querySelector('.perceptron-verdict'));
      } else if (solved[form.dataset.key] !== true && note) {
        note.remove();
      }
    });
  }

  function forget() {
    document.querySelectorAll('form.perceptron-exercise').forEach(function (form) {
      form.querySelector('.perceptron-verdict').replaceChildren();
      delete form.dataset.status;
      form.querySelectorAll('[aria-invalid]').forEach(function (box) { box.removeAttribute('aria-invalid'); });
    });
  }

  window.addEventListener(STORE, function (event) {
    if (event.detail && event.detail.forgotten) { forget(); }
    showSolvedBefore();
  });
  window.addEventListener('storage', function (event) { if (event.key === STORE || event.key === null) { showSolvedBefore(); } });
  document.addEventListener('DOMContentLoaded', showSolvedBefore);

  window.perceptronExercises = {
    verdict: function (key, entries) { var found = judge(data(key), entries); delete found.values; return found; },
    lines: function (key, entries) { var exercise = data(key); return lines(exercise, judge(exercise, entries)); },
    formatG: formatG,
    parseNumber: parseNumber,
    parseVector: parseVector
  };
})();

/* Predict, then see (tools/site_predictions.py says what the build puts in a page for this script).

   Each Predict question's placeholder gets a form: "Your prediction" and Commit. Until a prediction is
   committed, the question's answer folds stay shut and their summary says why; a try to open one says so
   in the form's live region and moves the focus to the field. What is committed is kept in this browser
   only, in localStorage under "perceptron-course": {"predictions": {"<page stem>#<n>": "text"}, "solved":
   {"05.1": true}} (the exercise forms write "solved"; every writer reads the whole object and writes it back
   with its own change). The sidebar and the index say each lesson's progress in words, and "Forget my
   answers" removes the key. A change is told to the page's other scripts by the window event
   "perceptron-course", and taken from them (and from other tabs) the same way. */
(function () {
  'use strict';

  var KEY = 'perceptron-course';
  var EVENT = 'perceptron-course';
  var LOCKED_NOTE = '(commit a prediction first)';
  var kept = null;          // the stored object, if this browser refuses to store it: kept for this visit only
  var shown = {};           // questions whose answer the student chose to see without predicting (this visit)

  // ---- the stored object ----------------------------------------------------------------------------

  function load() {
    if (kept) { return kept; }
    try {
      var value = JSON.parse(window.localStorage.getItem(KEY) || '{}');
      return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
    } catch (error) {
      return {};
    }
  }

  function save(data) {
    try {
      window.localStorage.setItem(KEY, JSON.stringify(data));
      kept = null;
      return true;
    } catch (error) {
      kept = data;   // storage refused (private mode, a full disk): the page still works until it is left
      return false;
    }
  }

  function section(data, name) {
    var value = data[name];
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  }

  function prediction(key) {
    var text = section(load(), 'predictions')[key];
    return typeof text === 'string' && text.trim() ? text : '';
  }

  function commit(key, text) {
    var data = load();
    var predictions = section(data, 'predictions');
    predictions[key] = text;
    data.predictions = predictions;
    var stored = save(data);
    window.dispatchEvent(new CustomEvent(EVENT, {detail: {prediction: key}}));
    return stored;
  }

  function forget() {
    try { window.localStorage.removeItem(KEY); } catch (error) { /* nothing was stored */ }
    kept = null;
    shown = {};
    window.dispatchEvent(new CustomEvent(EVENT, {detail: {forgotten: true}}));
  }

  // ---- the lessons' map and their progress ------------------------------------------------------------

  function lessonMap() {
    var element = document.getElementById('perceptron-lessons');
    try { return element ? JSON.parse(element.textContent) : {}; } catch (error) { return {}; }
  }

  function progress(stem, lesson) {
    var data = load();
    var predictions = section(data, 'predictions');
    var solved = section(data, 'solved');
    var done = 0;
    for (var n = 1; n <= lesson.predictions; n++) {
      var text = predictions[stem + '#' + n];
      if (typeof text === 'string' && text.trim()) { done++; }
    }
    lesson.exercises.forEach(function (key) { if (solved[key] === true) { done++; } });
    return {done: done, total: lesson.predictions + lesson.exercises.length};
  }

  function progressText(count) {
    return count.done + ' of ' + count.total + ' done';
  }

  function pageName() {
    // Sphinx declares it with const: a global, but no property of window
    return (typeof DOCUMENTATION_OPTIONS !== 'undefined' && DOCUMENTATION_OPTIONS.pagename) || '';
  }

  // The lesson a link leads to (its page stem), if it is one of the map's.
  function linkedLesson(link, lessons) {
    var href = link.getAttribute('href') || '';
    var stem = href === '#' ? pageName() : href.split('#')[0].replace(/\.html$/, '');
    return Object.prototype.hasOwnProperty.call(lessons, stem) ? stem : null;
  }

  // Each lesson's progress in words: in the sidebar inside its link (a screen reader says it with the link's
  // name), on the index at the end of its cell in the list of lessons.
  function showProgress() {
    var lessons = lessonMap();
    var places = [].slice.call(document.querySelectorAll('nav.bd-docs-nav a.reference.internal')).map(function (link) {
      return [link, link];
    });
    if (pageName() === 'index') {
      document.querySelectorAll('.bd-article table td a.reference.internal').forEach(function (link) {
        places.push([link, link.closest('td')]);
      });
    }
    places.forEach(function (place) {
      var stem = linkedLesson(place[0], lessons);
      if (!stem || !(lessons[stem].predictions + lessons[stem].exercises.length)) { return; }
      var label = place[1].querySelector('.perceptron-progress');
      if (!label) {
        label = document.createElement(place[0] === place[1] ? 'span' : 'p');
        label.className = 'perceptron-progress';
        place[1].appendChild(label);
      }
      var count = progress(stem, lessons[stem]);
      label.textContent = '';
      if (label.tagName === 'SPAN') { label.appendChild(hidden(', ')); }   // in a link's name: "02 · ..., 1 of 5 done"
      label.appendChild(document.createTextNode(progressText(count)));
      label.classList.toggle('perceptron-progress-all', count.done === count.total);
    });
  }

  function hidden(text) {
    var span = document.createElement('span');
    span.className = 'visually-hidden';
    span.textContent = text;
    return span;
  }

  // ---- the answer folds -------------------------------------------------------------------------------

  function folds(key) {
    return [].slice.call(document.querySelectorAll('details[data-predict]')).filter(function (fold) {
      return fold.dataset.predict === key;
    });
  }

  function isOpenable(key) {
    return Boolean(prediction(key)) || Boolean(shown[key]);
  }

  // A fold's summary as it was written, and as it reads while locked ("What the table shows (predict first)"
  // becomes "What the table shows (commit a prediction first)").
  function setSummary(fold, locked) {
    var summary = fold.querySelector('summary');
    if (!summary.dataset.perceptronText) { summary.dataset.perceptronText = summary.textContent.trim(); }
    var text = summary.dataset.perceptronText;
    summary.textContent = locked ? text.replace(/\s*\(predict first\)\s*$/i, '') + ' ' : text;
    if (locked) {
      var note = document.createElement('span');
      note.className = 'perceptron-locked-note';
      note.textContent = LOCKED_NOTE;
      summary.appendChild(note);
    }
  }

  function showFold(fold, key) {
    var locked = !isOpenable(key);
    fold.classList.toggle('perceptron-locked', locked);
    setSummary(fold, locked);
    if (locked) { fold.open = false; }
    var said = fold.querySelector(':scope > .perceptron-you-predicted');
    var text = prediction(key);
    if (text && !said) {
      said = document.createElement('p');
      said.className = 'perceptron-you-predicted';
      fold.querySelector('summary').insertAdjacentElement('afterend', said);
    }
    if (said && !text) { said.remove(); }
    if (text) {
      said.textContent = '';
      var strong = document.createElement('strong');
      strong.textContent = 'You predicted:';
      said.appendChild(strong);
      said.appendChild(document.createTextNode(' ' + text));
    }
  }

  function watchFold(fold) {
    var key = fold.dataset.predict;
    fold.querySelector('summary').addEventListener('click', function (event) {
      if (isOpenable(key)) { return; }
      event.preventDefault();   // a click, Enter or Space on the summary: the fold stays shut, and says why
      var form = document.querySelector('.perceptron-predict[data-predict="' + key + '"]');
      if (form && form.querySelector('input')) {
        say(form, 'The answer opens once you commit a prediction here. Or choose "Show the answer without predicting".');
        form.querySelector('input').focus();
      }
    });
    // Opened by other means (the browser's find in page, a printed handout's script): it is open, so say it plainly.
    fold.addEventListener('toggle', function () {
      if (fold.open && fold.classList.contains('perceptron-locked')) {
        fold.classList.remove('perceptron-locked');
        setSummary(fold, false);
      }
    });
    showFold(fold, key);
  }

  // ---- the forms --------------------------------------------------------------------------------------

  var made = 0;

  function element(tag, attributes, text) {
    var el = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { el.setAttribute(name, attributes[name]); });
    if (text) { el.textContent = text; }
    return el;
  }

  function say(box, text) {
    box.querySelector('.perceptron-predict-status').textContent = text;
  }

  function buildForm(box) {
    var key = box.dataset.predict;
    var id = 'perceptron-prediction-' + (++made);
    var body = box.querySelector('.perceptron-predict-body');
    if (!body) {   // the live region stays from the first build on: a screen reader says what changes in it
      body = element('div', {'class': 'perceptron-predict-body'});
      box.appendChild(body);
      box.appendChild(element('p', {'class': 'perceptron-predict-status', role: 'status'}));
    }
    body.textContent = '';
    var question = box.previousElementSibling;
    if (question && question.tagName === 'P' && !question.id) { question.id = id + '-question'; }
    var text = prediction(key);
    if (text) {
      var done = element('p', {'class': 'perceptron-predict-done'});
      done.appendChild(element('strong', {}, 'Your prediction, committed:'));
      done.appendChild(document.createTextNode(' ' + text + ' '));
      done.appendChild(element('span', {'class': 'perceptron-predict-kept'}, '(kept in this browser only)'));
      body.appendChild(done);
    } else if (shown[key]) {
      body.appendChild(element('p', {'class': 'perceptron-predict-done'},
                              'You chose to see the answer without predicting: nothing was recorded.'));
    } else {
      var form = element('form', {'class': 'perceptron-predict-form', novalidate: ''});
      form.appendChild(element('label', {'for': id}, 'Your prediction'));
      var row = element('div', {'class': 'perceptron-predict-row'});
      var field = element('input', {type: 'text', id: id, name: 'prediction', autocomplete: 'off', maxlength: '1000',
                                    'aria-describedby': (question && question.id ? question.id + ' ' : '') + id + '-hint'});
      row.appendChild(field);
      row.appendChild(element('button', {type: 'submit', 'class': 'perceptron-commit'}, 'Commit'));
      form.appendChild(row);
      form.appendChild(element('p', {id: id + '-hint', 'class': 'perceptron-predict-hint'},
                               'Commit your prediction to open the answer below. It is kept in this browser only.'));
      var skip = element('button', {type: 'button', 'class': 'perceptron-skip'}, 'Show the answer without predicting');
      form.appendChild(skip);
      body.appendChild(form);
      field.addEventListener('input', function () { field.removeAttribute('aria-invalid'); });
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        var value = field.value.trim();
        if (!value) {
          field.setAttribute('aria-invalid', 'true');
          say(box, 'Write your prediction first: a few words are enough.');
          field.focus();
          return;
        }
        var stored = commit(key, value);
        refresh();
        say(box, stored ? 'Committed. The answer below opens now.'
                        : 'Committed for this visit: this browser does not let the page keep it. The answer below opens now.');
        focusAnswer(key);
      });
      skip.addEventListener('click', function () {
        shown[key] = true;
        refresh();
        say(box, 'The answer is open. Nothing was recorded.');
        var first = folds(key)[0];
        if (first) { first.open = true; }
        focusAnswer(key);
      });
    }
  }

  function focusAnswer(key) {
    var first = folds(key)[0];
    if (first) { first.querySelector('summary').focus(); }
  }

  // Show what is stored: every form, fold and progress line (after a commit, a forget, another script's change).
  function refresh() {
    document.querySelectorAll('.perceptron-predict[data-predict]').forEach(function (box) {
      var state = prediction(box.dataset.predict) ? 'done' : shown[box.dataset.predict] ? 'shown' : 'open';
      if (box.dataset.state !== state) {
        var hadFocus = box.contains(document.activeElement);
        buildForm(box);
        box.dataset.state = state;
        if (hadFocus && box.querySelector('input')) { box.querySelector('input').focus(); }
      }
    });
    document.querySelectorAll('details[data-predict]').forEach(function (fold) { showFold(fold, fold.dataset.predict); });
    showProgress();
  }

  // ---- forgetting -------------------------------------------------------------------------------------

  function forgetControl(words) {
    var box = element('div', {'class': 'perceptron-forget'});
    box.appendChild(element('p', {}, words));
    var button = element('button', {type: 'button', 'class': 'perceptron-forget-button'}, 'Forget my answers');
    box.appendChild(button);
    var status = element('p', {'class': 'perceptron-forget-status', role: 'status'});
    box.appendChild(status);
    button.addEventListener('click', function () {
      if (!window.confirm('Forget every prediction and solved exercise this browser keeps for the course? '
                          + 'This cannot be undone.')) {
        status.textContent = 'Nothing was forgotten.';
        return;
      }
      forget();
      status.textContent = 'Your answers are forgotten: every lesson starts afresh.';
    });
    return box;
  }

  function addForgetControls() {
    var end = document.querySelector('.bd-sidebar-primary .sidebar-primary-items__end');
    if (end) {
      end.insertBefore(forgetControl('Your predictions and solved exercises are kept in this browser only.'),
                       end.firstChild);
    }
    var table = document.querySelector('.bd-article table');
    if (pageName() === 'index' && table) {
      var after = table.closest('.pst-scrollable-table-container') || table;
      after.insertAdjacentElement('afterend', forgetControl(
        'Under each lesson: how many of its predictions and exercises you have done. They are kept in this '
        + 'browser only; nothing is sent anywhere.'));
    }
  }

  function start() {
    document.querySelectorAll('details[data-predict]').forEach(watchFold);
    addForgetControls();
    refresh();
    window.addEventListener(EVENT, refresh);
    window.addEventListener('storage', function (event) { if (event.key === KEY || event.key === null) { refresh(); } });
  }

  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', start);
  } else {
    start();
  }
})();

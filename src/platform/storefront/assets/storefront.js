// Progressive enhancement only: every page works without this script.
(function () {
  'use strict';
  document.documentElement.classList.add('js');

  // Forms marked data-auto-submit (sorting, payment and shipping method) submit when a choice changes.
  document.addEventListener('change', function (event) {
    var field = event.target;
    if (!(field instanceof HTMLSelectElement || (field instanceof HTMLInputElement && field.type === 'radio'))) return;
    var form = field.form;
    if (form && form.hasAttribute('data-auto-submit')) {
      form.classList.add('is-submitting');
      form.submit();
    }
  });

  // The listing's filter panel starts open where there is room beside the results (it stays a <details> on phones).
  var filters = document.querySelector('details.listing-filters');
  if (filters && window.matchMedia('(min-width: 900px)').matches) filters.open = true;

  // Search suggestions below the header's search box.
  function setUpSuggestions() {
    var input = document.getElementById('header-search-input');
    var box = document.getElementById('search-suggestions');
    if (!input || !box || !window.fetch) return;
    var timer = null;
    var latest = 0;
    function hide() {
      box.hidden = true;
      box.innerHTML = '';
    }
    input.addEventListener('input', function () {
      clearTimeout(timer);
      var term = input.value.trim();
      if (term.length < 2) return hide();
      timer = setTimeout(function () {
        var request = ++latest;
        fetch(input.getAttribute('data-suggest-url') + '?search=' + encodeURIComponent(term), {
          headers: { 'x-requested-with': 'XMLHttpRequest', accept: 'text/html' },
          credentials: 'same-origin',
        })
          .then(function (response) { return response.ok ? response.text() : ''; })
          .then(function (html) {
            // an older answer arriving late must not replace a newer one
            if (request !== latest) return;
            box.innerHTML = html;
            box.hidden = html.trim() === '';
          })
          .catch(hide);
      }, 200);
    });
    input.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') hide();
    });
    document.addEventListener('click', function (event) {
      if (!input.form.contains(event.target)) hide();
    });
  }

  // Product gallery: a thumbnail shows its image in the main box instead of opening the file.
  function setUpGallery() {
    var main = document.querySelector('.gallery-main');
    if (!main) return;
    document.querySelectorAll('.gallery-thumb').forEach(function (thumb) {
      thumb.addEventListener('click', function (event) {
        event.preventDefault();
        main.src = thumb.getAttribute('data-src');
        var srcset = thumb.getAttribute('data-srcset');
        if (srcset) main.srcset = srcset;
        else main.removeAttribute('srcset');
        main.alt = thumb.getAttribute('data-alt');
        document.querySelectorAll('.gallery-thumb[aria-current]').forEach(function (other) { other.removeAttribute('aria-current'); });
        thumb.setAttribute('aria-current', 'true');
      });
    });
  }

  function setUp() {
    setUpSuggestions();
    setUpGallery();
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', setUp);
  else setUp();
})();

// Shows the section in the app's language (stored by the shell as `"zh"|string`),
// else ?lang=, else the browser's; the buttons switch it in place.
(function () {
  var langs = ['zh', 'zhtw', 'en'];
  function stored() {
    try {
      var raw = localStorage.getItem('medalliance_language');
      var v = raw && JSON.parse(raw.slice(0, raw.lastIndexOf('|')));
      return langs.indexOf(v) >= 0 ? v : null;
    } catch {
      return null;
    }
  }
  function browser() {
    var l = (navigator.language || '').toLowerCase();
    if (l.indexOf('en') === 0) return 'en';
    if (/zh-(tw|hk|mo|hant)/.test(l)) return 'zhtw';
    return 'zh';
  }
  function show(lang) {
    document.querySelectorAll('section[lang]').forEach(function (s) {
      s.classList.toggle('active', s.getAttribute('data-lang') === lang);
    });
    document.querySelectorAll('nav.lang button').forEach(function (b) {
      b.setAttribute('aria-pressed', String(b.getAttribute('data-lang') === lang));
    });
    var title = document.querySelector('section.active h1');
    if (title) {
      document.title = title.textContent;
      document.querySelector('header h1').textContent = title.textContent;
    }
    document.documentElement.lang = lang === 'en' ? 'en' : lang === 'zhtw' ? 'zh-TW' : 'zh-CN';
  }
  var param = new URLSearchParams(location.search).get('lang');
  show(langs.indexOf(param) >= 0 ? param : stored() || browser());
  document.querySelectorAll('nav.lang button').forEach(function (b) {
    b.addEventListener('click', function () {
      show(b.getAttribute('data-lang'));
    });
  });
})();

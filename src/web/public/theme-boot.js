/* global document */
// Paints the saved theme before the app loads, so there is no flash of the default colours.
(function () {
  try {
    var saved = JSON.parse(localStorage.getItem('ccu-theme-vars') || 'null');
    if (!saved) return;
    var root = document.documentElement;
    for (var name in saved.vars) if (/^--color-primary/.test(name)) root.style.setProperty(name, saved.vars[name]);
    if (saved.menuTheme === 'dark') root.setAttribute('data-menu-theme', 'dark');
    if (saved.colorWeak) root.classList.add('color-weak');
  } catch {
    // A broken entry just means the default theme.
  }
})();

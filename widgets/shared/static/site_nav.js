// Links between the classroom site's pages (widgets/shared/student_view.py, SiteNav). The pages run in the site's
// console app, <root>/repl/index.html, and JupyterLab rewrites a relative link in an output into a file download,
// so each link is resolved here against the site's root: the folder above the app's own.
//
// `hold_scroll`: a console jumps to its end whenever an output changes (it sets the scroll position of its content
// at every update), which on a page means the reader is pulled away from the text while the page fills. The nav on
// top of a page stops those jumps for the console that shows it; the reader's own scrolling (wheel, keys, bar) and
// a view bringing its choices into sight do not go through that setter and work as before.
function holdScroll(el) {
  let tries = 0;
  const attach = () => {
    const content = el.closest(".jp-CodeConsole-content");
    if (!content) {
      if (tries++ < 100) requestAnimationFrame(attach);
      return;
    }
    const native = Object.getOwnPropertyDescriptor(Element.prototype, "scrollTop");
    Object.defineProperty(content, "scrollTop", {
      configurable: true,
      get() { return native.get.call(this); },
      set(_value) { /* the console's jump to its end: ignored on a page */ },
    });
  };
  attach();
}

function render({ model, el }) {
  const nav = document.createElement("nav");
  nav.className = "bg-site-nav";
  nav.dataset.testid = "bg-site-nav";
  const draw = () => {
    const root = new URL("../", window.location.href);
    nav.replaceChildren(...model.get("links").map((link) => {
      const anchor = document.createElement("a");
      anchor.textContent = link.label;
      anchor.href = new URL(link.href, root).href;
      anchor.target = "_self";
      return anchor;
    }));
  };
  model.on("change:links", draw);
  draw();
  el.append(nav);
  if (model.get("hold_scroll")) holdScroll(el);
  return () => model.off("change:links", draw);
}

export default { render };

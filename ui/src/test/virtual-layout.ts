import { onTestFinished, vi } from 'vitest';

/**
 * jsdom lays nothing out, so a virtual list would see a 0 px viewport. This gives the message
 * scroller a viewport and every virtual row a height (restored by vi.restoreAllMocks after each test).
 */
export function stubVirtualLayout({ viewport = 800, row = 100 } = {}) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'message-scroller' ? viewport : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'message-scroller' ? 1000 : 0;
  });
  // The scroller's content is the virtual list's total height, which it writes as an inline style.
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (this.dataset.testid !== 'message-scroller') return 0;
    return Math.max(viewport, Number.parseFloat((this.firstElementChild as HTMLElement | null)?.style.height ?? '') || 0);
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-index') ? row : 0;
  });
  // jsdom neither scrolls nor keeps scrollTop: keep the offset per element, tell the listeners
  // afterwards (a browser fires scroll events asynchronously), as a browser would.
  const offsets = new WeakMap<Element, number>();
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(function (this: Element) {
    return offsets.get(this) ?? 0;
  });
  vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(function (this: Element, value: number) {
    offsets.set(this, value);
  });
  const hadScrollTo = 'scrollTo' in Element.prototype;
  const scrollTo = function (this: Element, options: ScrollToOptions) {
    offsets.set(this, Math.max(0, options.top ?? offsets.get(this) ?? 0));
    setTimeout(() => this.dispatchEvent(new Event('scroll')), 0);
  };
  if (hadScrollTo) vi.spyOn(Element.prototype, 'scrollTo').mockImplementation(scrollTo as Element['scrollTo']);
  else {
    Object.defineProperty(Element.prototype, 'scrollTo', { configurable: true, value: scrollTo });
    onTestFinished(() => {
      delete (Element.prototype as { scrollTo?: unknown }).scrollTo;
    });
  }
}

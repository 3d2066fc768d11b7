// Where the toast stack sits (docs/behaviour.md §10.2): at the bottom of the window, or, when that would
// cover the focused control or the primary action (submit button) of the form in use (the one with
// the focus, else the one that had it last), just under the header; when both would, it steps aside
// (hidden) until the focus moves. The primary actions of the other forms are kept clear where a place
// allows it. Plain DOM, no React: measured and written in one go, before the next paint.

export type StackPlace = 'bottom' | 'top' | 'hidden';

/** The gap between the stack and the window's bottom edge, or the header. */
const EDGE_PX = 12;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

const overlaps = (a: Box, b: Box): boolean => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** The element's box on screen, or nothing when it takes no room (display: none). */
function boxOf(element: Element): Box | undefined {
  const box = element.getBoundingClientRect();
  return box.width === 0 && box.height === 0 ? undefined : box;
}

const boxes = (elements: Iterable<Element>): Box[] => [...elements].flatMap((element) => boxOf(element) ?? []);

/**
 * Places `stack` clear of `focused` (the element with focus, or about to get it), of the primary action
 * of the form in use (`focused`'s, else `lastForm`) and, where it can, of the other forms' ones.
 */
export function placeStack(stack: HTMLElement, focused: Element | null, lastForm?: HTMLFormElement | null): StackPlace {
  const doc = stack.ownerDocument;
  const control = focused && focused !== doc.body && focused !== doc.documentElement && !stack.contains(focused) ? focused : null;
  const form = control ? control.closest('form') : lastForm?.isConnected ? lastForm : null;
  const mustClear = boxes([...(control ? [control] : []), ...(form ? form.querySelectorAll('[type=submit]') : [])]);
  const shouldClear = boxes(doc.querySelectorAll('main form [type=submit]'));
  const height = stack.offsetHeight;
  const { left, right } = stack.getBoundingClientRect();
  const windowHeight = doc.documentElement.clientHeight;
  const header = doc.querySelector('header');
  const underHeader = Math.max(0, header ? header.getBoundingClientRect().bottom : 0) + EDGE_PX;
  const spots: [StackPlace, number][] = [
    ['bottom', windowHeight - EDGE_PX - height],
    ['top', underHeader],
  ];
  for (const keepClear of [[...mustClear, ...shouldClear], mustClear]) {
    for (const [place, top] of spots) {
      if (!keepClear.some((box) => overlaps({ left, right, top, bottom: top + height }, box))) return put(stack, place, top);
    }
  }
  return put(stack, 'hidden', windowHeight - EDGE_PX - height);
}

function put(stack: HTMLElement, place: StackPlace, top: number): StackPlace {
  stack.dataset['place'] = place;
  stack.style.top = `${Math.round(top)}px`;
  return place;
}

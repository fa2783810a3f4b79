import { options, type RefObject, type VNode } from 'preact';

type Ref = ((element: Element | null) => void) | RefObject<Element | null>;

const focused = new WeakSet<Element>();
const wrappers = new WeakMap<object, (element: Element | null) => void>();

function focusOnFirstMount(element: Element | null) {
  if (!element || focused.has(element)) return;
  focused.add(element);
  if (element instanceof HTMLElement) element.focus();
}

function withFocus(ref: Ref | null | undefined): (element: Element | null) => void {
  if (!ref) return focusOnFirstMount;
  let wrapper = wrappers.get(ref);
  if (!wrapper) {
    wrapper = (element) => {
      if (typeof ref === 'function') ref(element);
      else ref.current = element;
      focusOnFirstMount(element);
    };
    wrappers.set(ref, wrapper);
  }
  return wrapper;
}

/**
 * React focuses an element rendered with `autoFocus` when it is added to the page; Preact only writes
 * the `autofocus` attribute, which browsers honour on the first load alone. A field in a dialog that
 * opens later would never get the focus, and the dialog's focus trap would fall back to its frame. This
 * hook gives such elements React's behaviour: focused once, when first mounted.
 */
export function focusAutoFocusElementsOnMount() {
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    const props = vnode.props as { autoFocus?: unknown };
    if (typeof vnode.type === 'string' && props.autoFocus) vnode.ref = withFocus(vnode.ref as Ref | null);
    previous?.(vnode);
  };
}

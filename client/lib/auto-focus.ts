import { options, type VNode } from 'preact'

type Ref = ((node: Element | null) => unknown) | { current: Element | null }

const focused = new WeakSet<Element>()

/** Focuses an element the first time it is attached, never again on later renders. */
function focusOnMount(node: Element | null) {
  if (!(node instanceof HTMLElement) || focused.has(node)) return
  focused.add(node)
  node.focus()
}

// One wrapper per ref, so the ref keeps its identity between renders and is not detached and attached
// again on each one.
const wrappers = new WeakMap<object, Ref>()

function withFocus(ref: Ref | null | undefined): Ref {
  if (!ref) return focusOnMount
  let wrapper = wrappers.get(ref)
  if (!wrapper) {
    wrapper = (node: Element | null) => {
      focusOnMount(node)
      if (typeof ref === 'function') return ref(node)
      ref.current = node
    }
    wrappers.set(ref, wrapper)
  }
  return wrapper
}

/**
 * `autoFocus` as React gives it: the element takes focus when it is mounted. Preact writes the
 * `autofocus` attribute instead, which a browser honours once per page at most and at its next
 * frame: a menu's trigger that arrived with it took focus back from the menu that had just opened,
 * and the menu closed.
 */
export function focusOnMountLikeReact(): void {
  const previous = options.vnode
  options.vnode = (vnode: VNode) => {
    const props = vnode.props as { autoFocus?: unknown }
    if (typeof vnode.type === 'string' && props && 'autoFocus' in props) {
      const wanted = props.autoFocus
      delete props.autoFocus
      if (wanted) vnode.ref = withFocus(vnode.ref as Ref | null) as VNode['ref']
    }
    previous?.(vnode)
  }
}

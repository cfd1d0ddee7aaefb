import { type KeyboardEvent, type ReactNode, type RefObject, useRef, useState } from 'react'

/** A module fetched once, on first demand; `current()` is the module once it has come. */
export type ModuleLoader<M> = { load: () => Promise<M>; current: () => M | null }

export function moduleLoader<M>(importer: () => Promise<M>): ModuleLoader<M> {
  let module: M | null = null
  let loading: Promise<M> | null = null
  return {
    load: () => {
      loading ??= importer().then((loaded) => {
        module = loaded
        return loaded
      })
      return loading
    },
    current: () => module,
  }
}

/** How the real control starts, from what was done to its stand-in while its code was on the way. */
export type Arrival = {
  /** The stand-in had focus: the real trigger takes it over. */
  autoFocus: boolean
  /** The stand-in was tapped or opened by keyboard: the real control opens. */
  defaultOpen: boolean
}

/** What the stand-in's button carries: a ref and the handlers that fetch the real control. */
export type StandInProps = {
  ref: RefObject<HTMLButtonElement | null>
  onPointerEnter: () => void
  onPointerDown: () => void
  onPointerCancel: () => void
  onFocus: () => void
  onClick: () => void
  onKeyDown: (event: KeyboardEvent) => void
}

/** The keys that open a select or a menu from its trigger. */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp'])

/**
 * A picker or menu whose code is fetched only when someone reaches for it (pointed at, focused or
 * tapped). Until then, and in the server's HTML, `standIn` draws a button with its look. When the code
 * comes, `children` draws the real control in its place, which takes the button's focus and opens if
 * the button was tapped or opened by keyboard meanwhile. Unlike a dialog, whose trigger can stay, a
 * Radix select or menu needs its own trigger as the anchor, so the button is replaced.
 */
export function DeferredControl<M>({
  loader,
  standIn,
  children,
}: {
  loader: ModuleLoader<M>
  standIn: (props: StandInProps) => ReactNode
  children: (module: M, arrival: Arrival) => ReactNode
}) {
  const [module, setModule] = useState(loader.current)
  const button = useRef<HTMLButtonElement>(null)
  const arrival = useRef<Arrival>({ autoFocus: false, defaultOpen: false })
  // Between a press and its click the button stays: replaced then, it would take the click with it.
  const pressed = useRef(false)
  if (module) return children(module, arrival.current)
  const want = () =>
    void loader.load().then((loaded) => {
      if (pressed.current) return
      arrival.current.autoFocus = document.activeElement === button.current
      setModule(() => loaded)
    })
  const open = () => {
    pressed.current = false
    arrival.current.defaultOpen = true
    want()
  }
  return standIn({
    ref: button,
    onPointerEnter: want,
    onPointerDown: () => {
      pressed.current = true
      want()
    },
    // A press that became a scroll: no click is coming.
    onPointerCancel: () => {
      pressed.current = false
      want()
    },
    onFocus: want,
    onClick: open,
    onKeyDown: (event) => {
      if (!OPENING_KEYS.has(event.key)) return
      event.preventDefault()
      open()
    },
  })
}

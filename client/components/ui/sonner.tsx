import { type CSSProperties, useEffect } from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'
import { toasterListening } from '@/lib/toast'

function Toaster(props: ToasterProps) {
  // Runs after sonner's own effect has subscribed (children's effects run first).
  useEffect(toasterListening, [])
  return (
    <Sonner
      position="top-center"
      // Below the sticky 4rem top bar, so a toast never covers the menus a member reaches for next.
      offset={{ top: 'calc(4rem + 12px)' }}
      mobileOffset={{ top: 'calc(4rem + 8px)' }}
      richColors
      closeButton
      containerAriaLabel="Notificações"
      className="toaster group"
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          // sonner's rich colours fall just short of 4.5:1 on their own backgrounds (WCAG 1.4.3).
          '--success-text': 'hsl(140, 100%, 22%)',
          '--info-text': 'hsl(210, 92%, 36%)',
          '--warning-text': 'hsl(31, 92%, 30%)',
          '--error-text': 'hsl(360, 100%, 38%)',
        } as CSSProperties
      }
      {...props}
      toastOptions={{ closeButtonAriaLabel: 'Fechar notificação', ...props.toastOptions }}
    />
  )
}

export { Toaster }

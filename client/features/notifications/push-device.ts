import { useCallback, useEffect, useState } from 'react'
import { toast, toastError } from '@/lib/toast'
import { trpc } from '@/lib/trpc'

/**
 * What this browser can do about push:
 * - `unsupported`: no service worker or Push API (an old browser, or a private window in some);
 * - `ios-install`: an iPhone or iPad in Safari: Web Push needs the app on the Home Screen (iOS 16.4+);
 * - `denied`: the member blocked notifications for the site in the browser's settings;
 * - `off` / `on`: whether this device receives the member's pushes.
 */
export type PushDeviceState = 'checking' | 'unsupported' | 'ios-install' | 'denied' | 'off' | 'on'

function isAppleMobile(): boolean {
  const { userAgent, maxTouchPoints } = navigator
  // iPadOS presents itself as a Mac; a Mac has no touch screen.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

function isInstalled(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  )
}

function pushSupported(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index)
  return bytes
}

/** Forgets this browser's push subscription (signing out): the server drops it with the session. */
export async function forgetPushSubscription(): Promise<void> {
  if (!pushSupported()) return
  try {
    await (await currentSubscription())?.unsubscribe()
  } catch {
    // Nothing to undo: the server stops pushing to it once the session ends anyway.
  }
}

/**
 * This device's push, for the bell and Minha Conta: its state, and turning it on (the browser asks for
 * permission only then, after the member's tap) or off.
 */
export function usePushDevice() {
  const utils = trpc.useUtils()
  const [state, setState] = useState<PushDeviceState>('checking')
  const [busy, setBusy] = useState(false)
  const config = trpc.notifications.pushConfig.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY })
  const devices = trpc.notifications.pushDevices.useQuery()
  const subscribe = trpc.notifications.subscribePush.useMutation()
  const unsubscribe = trpc.notifications.unsubscribePush.useMutation()
  const thisDeviceListed = devices.data?.some((device) => device.current) ?? false

  const refresh = useCallback(async () => {
    if (isAppleMobile() && !isInstalled()) return setState('ios-install')
    if (!pushSupported()) return setState('unsupported')
    if (Notification.permission === 'denied') return setState('denied')
    const subscription = Notification.permission === 'granted' ? await currentSubscription() : null
    setState(subscription && thisDeviceListed ? 'on' : 'off')
  }, [thisDeviceListed])

  useEffect(() => {
    if (devices.data === undefined && !devices.isError) return
    void refresh().catch(() => setState('unsupported'))
  }, [refresh, devices.data, devices.isError])

  const enable = async () => {
    setBusy(true)
    try {
      // Asked only now, after the tap: the browser's prompt never comes on its own.
      const permission = await Notification.requestPermission()
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off')
        return
      }
      const publicKey = config.data?.publicKey ?? (await utils.notifications.pushConfig.fetch()).publicKey
      if (!publicKey) return setState('unsupported')
      const registration = await navigator.serviceWorker.register('/sw.js')
      await navigator.serviceWorker.ready
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: keyBytes(publicKey),
        }))
      const json = subscription.toJSON()
      await subscribe.mutateAsync({
        endpoint: json.endpoint ?? subscription.endpoint,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      })
      await utils.notifications.pushDevices.invalidate()
      setState('on')
      toast.success('Notificações ativadas neste aparelho')
    } catch (error) {
      toastError(error, 'Não foi possível ativar as notificações')
    } finally {
      setBusy(false)
    }
  }

  const disable = async () => {
    setBusy(true)
    try {
      const subscription = await currentSubscription()
      if (subscription) {
        await unsubscribe.mutateAsync({ endpoint: subscription.endpoint })
        await subscription.unsubscribe()
      }
      await utils.notifications.pushDevices.invalidate()
      setState('off')
    } catch (error) {
      toastError(error, 'Não foi possível desativar as notificações')
    } finally {
      setBusy(false)
    }
  }

  return { state, busy, enable, disable }
}

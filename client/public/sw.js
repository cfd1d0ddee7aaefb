// Vupt's service worker: keeps the hashed build files and the offline page, nothing else. Pages carry
// a member's data and the API answers for one member only, so neither is ever stored here. It also
// shows the member's Web Push notifications and opens the page a tap asks for.
const CACHE = 'vupt-static-v1'
const OFFLINE_PAGE = '/offline.html'
const PRECACHE = [OFFLINE_PAGE, '/favicon.svg']
// Every deploy renames the files it changed, and the old names are never asked for again: past this
// many, the earliest kept go first, so the cache holds about one build (some 200 files) and no more.
const MAX_ASSETS = 250

/** Deletes the earliest stored build files beyond MAX_ASSETS (keys come in the order they were stored). */
async function trim(cache) {
  const assets = (await cache.keys()).filter((request) =>
    new URL(request.url).pathname.startsWith('/assets/'),
  )
  await Promise.all(
    assets.slice(0, Math.max(0, assets.length - MAX_ASSETS)).map((request) => cache.delete(request)),
  )
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  )
})

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return

  // A page: always from the network (it is the member's own); the offline page when there is none.
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE_PAGE)))
    return
  }

  // Hashed build files never change under the same name: the cache answers a repeat visit at once.
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.open(CACHE).then(async (cache) => {
        const cached = await cache.match(request)
        if (cached) return cached
        const response = await fetch(request)
        if (response.ok) void cache.put(request, response.clone()).then(() => trim(cache))
        return response
      }),
    )
  }
})

/** A path of this site, never another origin: what a push may ask a tap to open. */
function sitePath(value) {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/'
}

/** The unread count on the app icon, where the system has one (installed apps on most platforms). */
function setBadge(count) {
  if (typeof count !== 'number' || !('setAppBadge' in self.navigator)) return Promise.resolve()
  const set = count > 0 ? self.navigator.setAppBadge(count) : self.navigator.clearAppBadge()
  return set.catch(() => {})
}

self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    // Not ours to read: still a visible notification, as browsers require of every push.
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Vupt'
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    tag: typeof data.tag === 'string' ? data.tag : undefined,
    // A newer message of the same conversation replaces the old one and alerts again.
    renotify: typeof data.tag === 'string',
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    lang: 'pt-BR',
    data: { url: sitePath(data.url) },
  }
  event.waitUntil(Promise.all([self.registration.showNotification(title, options), setBadge(data.badge)]))
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = new URL(sitePath(event.notification.data?.url), self.location.origin)
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const ours = windows.filter((client) => new URL(client.url).origin === target.origin)
      // A tab already on that page comes to the front; otherwise an open Vupt tab goes there.
      const exact = ours.find((client) => client.url === target.href)
      if (exact) return exact.focus()
      for (const client of ours) {
        try {
          const moved = await client.navigate(target.href)
          if (moved) return moved.focus().catch(() => moved)
        } catch {
          // Not controlled by this worker (opened before it): try the next, or a new tab.
        }
      }
      return self.clients.openWindow(target.href)
    }),
  )
})

// Vupt's service worker: keeps the hashed build files and the offline page, nothing else. Pages carry
// a member's data and the API answers for one member only, so neither is ever stored here.
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

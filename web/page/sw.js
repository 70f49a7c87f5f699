// The referee's site offline: the page, its manifest and icons kept at the first visit, and
// served from here ever after, network or none. A new build has a new version (the page's
// checksum, written in by web/build.sh): it is fetched whole, and the old copy dropped. The
// files are fetched past the browser's HTTP cache: a host that lets pages be cached for
// minutes (Cache-Control: max-age) would otherwise hand the new version the old page, kept
// under the new name for good. The page says when a new version has taken over.
const VERSION = 'mjscore-@version';
const FILES = ['./', 'index.html', 'manifest.webmanifest', 'icon-192.png', 'icon-512.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(FILES.map((file) => new Request(file, { cache: 'reload' })))).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith('mjscore-') && k !== VERSION).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  // The page under any address of the site (with a #hand, a ?query): the kept page.
  const page = request.mode === 'navigate';
  event.respondWith(caches.open(VERSION).then(async (cache) => {
    const kept = await cache.match(page ? 'index.html' : request, { ignoreSearch: true });
    if (kept) return kept;
    return fetch(request);
  }));
});

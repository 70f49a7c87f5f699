// What the page keeps between visits, for the browser tests that start from nothing.

/**
 * Empties what the open `page` keeps (localStorage, and the evenings in IndexedDB): the
 * page takes a newer copy back from IndexedDB after it has opened, so that is waited for
 * first. The caller opens the page again afterwards.
 */
export async function forgetKept(page) {
  await page.waitForFunction(() => window.mjscoreRestored !== undefined);
  await page.evaluate(async () => {
    await window.mjscoreRestored;
    await window.mjscoreKept;
    localStorage.clear();
    await new Promise((resolve) => {
      const request = indexedDB.deleteDatabase('mjscore');
      request.onsuccess = request.onerror = request.onblocked = () => resolve();
    });
  });
}

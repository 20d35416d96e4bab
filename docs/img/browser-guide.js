// Reproduces docs/img/browser-guide*.png: the gamegraph guide (:play) and style (:style) served
// by the local Neo4j, in Neo4j Browser.
//
//   gamegraph load --n 24 --games floridian      (and the other loads the guide's first slide lists)
//   npm install playwright-core                 (in a scratch directory; uses the system Chromium)
//   node docs/img/browser-guide.js "$(gamegraph neo4j browser-url)" docs/img
//
// It logs in as neo4j / gamegraph, runs `:play <http>/browser/guides/gamegraph.html`, takes the
// first slide, clicks the guide's `:style` block and runs it, turns to the second slide, clicks
// its first query (the core of H_24) and runs it, and takes the graph view.
const { chromium } = require('playwright-core');

(async () => {
  const [url, outDir] = process.argv.slice(2);
  const http = new URL(url).origin;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 1500, height: 1000 } });
  await page.goto(url);
  await page.waitForSelector('input[type=password]', { timeout: 60000 });
  await page.fill('input[type=password]', 'gamegraph');
  await page.click('button[data-testid="connect"]');
  await page.waitForSelector('text=You are connected as user', { timeout: 60000 });
  const editor = page.locator('#monaco-main-editor textarea').first();
  const run = async (text, wait) => {
    await editor.click();
    if (text) await page.keyboard.insertText(text);
    await page.keyboard.press('Control+Enter');
    await page.waitForTimeout(wait);
  };
  await run(':clear', 500);
  await run(`:play ${http}/browser/guides/gamegraph.html`, 4000);
  await page.waitForSelector('text=1 / 11', { timeout: 30000 });
  await page.screenshot({ path: `${outDir}/browser-guide.png` });
  // the :style block of the first slide: a click puts it in the editor, Ctrl+Enter runs it
  await page.locator('pre.runnable', { hasText: ':style' }).first().click();
  await page.waitForTimeout(800);
  await run('', 2500);
  // second slide: the core of H_24
  await page.locator('button.next-slide').first().click();
  await page.waitForTimeout(1000);
  await page.locator('pre.runnable', { hasText: 'RETURN a, t, b' }).first().click();
  await page.waitForTimeout(800);
  await run('', 6000);
  await page.locator('[title="Fullscreen"]').first().click();
  await page.waitForTimeout(6000);
  await page.locator('[aria-label="zoom-to-fit"]').first().click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${outDir}/browser-guide-core-h24.png` });
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });

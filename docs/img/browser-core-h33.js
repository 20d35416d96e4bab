// Reproduces docs/img/browser-core-h33.png: the core of H_33 in Neo4j Browser's graph view.
//
//   gamegraph load --n 33 --games floridian
//   npm install playwright-core            (in a scratch directory; uses the system Chromium)
//   node docs/img/browser-core-h33.js "$(gamegraph neo4j browser-url)" docs/img/browser-core-h33.png
//
// It logs in as neo4j / gamegraph, runs `:param n => 33`, a `:style` giving α-positions
// their paper notation as caption, then the shipped query floridian_core_graph (text copied
// below from gamegraph/queries/floridian.cypher), maximizes the result frame and zooms to fit.
const { chromium } = require('playwright-core');

const QUERY = `MATCH core = (a:Alpha:Recurrent {n: $n})-[:TURN]->(:Alpha:Recurrent)
RETURN core`;
const STYLE =
  ":style node.Alpha { diameter: 62px; color: #F79767; border-color: #f36924; " +
  "text-color-internal: #2A2C34; font-size: 9px; caption: '{notation}'; } " +
  "node.Recurrent { diameter: 62px; color: #F79767; border-color: #f36924; " +
  "text-color-internal: #2A2C34; font-size: 9px; caption: '{notation}'; } " +
  "relationship.TURN { color: #7B8694; shaft-width: 1px; caption: ''; }";

(async () => {
  const [url, out] = process.argv.slice(2);
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
    await page.keyboard.insertText(text);
    await page.keyboard.press('Control+Enter');
    await page.waitForTimeout(wait);
  };
  await run(':param n => 33', 1500);
  await run(STYLE, 1500);
  await run(':clear', 500);
  await run(QUERY, 3000);
  await page.locator('[title="Fullscreen"]').first().click();
  await page.waitForTimeout(8000);
  await page.locator('[title="Collapse the node properties display"]').first().click();
  await page.waitForTimeout(1000);
  await page.locator('[aria-label="zoom-to-fit"]').first().click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: out });
  await browser.close();
})().catch((e) => { console.error(e); process.exit(1); });

/**
 * `npm run bench`: every benchmark in turn (HTTP on the large data set and the peer's shape, the sitemap's
 * memory as it streams, comments (a page of 10,000; posting with 1,000 watchers), realtime fan-out, share cards, web bytes and Lighthouse), each printing its figures and the
 * machine it ran on, then every budget of docs/performance.md with its verdict. The web benchmark measures a fresh production build of the web app.
 */
import { execFileSync } from 'node:child_process';
import { runCommentsBench } from './comments.js';
import { runFanoutBench } from './fanout.js';
import { runHttpBench } from './http.js';
import { repoRoot } from './lib/server.js';
import { type Budget, printBudgets } from './lib/stats.js';
import { runShareCardBench } from './share-cards.js';
import { runSitemapBench } from './sitemap.js';
import { runWebBench } from './web.js';

const budgets: Budget[] = [];
console.log('== HTTP on the large data set ==');
budgets.push(...(await runHttpBench()));
console.log('\n== The sitemap of the large data set, streamed ==');
await runSitemapBench();
console.log('\n== Comments: a page of 10,000, and posting with 1,000 readers watching ==');
await runCommentsBench();
console.log('\n== Realtime fan-out ==');
budgets.push(...(await runFanoutBench()));
console.log('\n== Share cards ==');
budgets.push(...(await runShareCardBench()));
console.log('\n== Web: bytes and Lighthouse ==');
execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
  cwd: repoRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
});
budgets.push(...(await runWebBench()));
console.log('\n== Budgets ==');
printBudgets(budgets);

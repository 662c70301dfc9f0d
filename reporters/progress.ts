import type { FullConfig, Reporter, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { isBenchmarkTest } from '../src/record/notes.ts';
import { testRecord } from '../src/record/read-test.ts';
import { Progress } from '../src/render/progress.ts';

/** How often a run without a terminal (CI) prints the line. */
const EVERY_MS = 30_000;

/**
 * The live progress line (docs/configuration.md, "Progress"): done / total, passed /
 * failed / errored, each project's running score, what the models cost so far, instances per
 * second and time left. On a terminal it stays on the bottom row, which a scroll region keeps
 * out of the other reporters' way (as apt does); elsewhere it is printed every 30 s. Quiet under
 * --quiet; a run with another reporter (--reporter=dot) has none of the config's.
 */
export default class ProgressReporter implements Reporter {
  private progress?: Progress;
  private timer?: NodeJS.Timeout;
  private rows = 0;
  private readonly out = process.stdout;
  private readonly redraw = () => this.draw();

  onBegin(config: FullConfig, suite: Suite): void {
    const total = suite.allTests().filter(isBenchmarkTest).length;
    if (config.quiet || !total) return;
    this.progress = new Progress(total);
    if (this.out.isTTY) {
      this.reserveLastRow();
      this.out.on('resize', this.redraw);
      process.once('exit', () => this.release());
      this.timer = setInterval(this.redraw, 1000);
    } else {
      this.timer = setInterval(() => console.log(`progress: ${this.progress!.line()}`), EVERY_MS);
    }
    this.timer.unref();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (!this.progress || !isBenchmarkTest(test)) return;
    // A failed attempt that will be retried is not the instance's end.
    if ((result.status === 'failed' || result.status === 'timedOut') && result.retry < test.retries) return;
    const record = testRecord(test);
    if (record && 'instance' in record) this.progress.add(result.status, record.instance, record.fields);
    else this.progress.add(result.status, undefined);
    this.draw();
  }

  onEnd(): void {
    clearInterval(this.timer);
    this.out.off('resize', this.redraw);
    this.release();
  }

  printsToStdio(): boolean {
    return true;
  }

  /** A scroll region of every row but the last: the others' output scrolls above the line. */
  private reserveLastRow(): void {
    this.rows = this.out.rows || 24;
    // A new line to stand on, then the region (setting it moves the cursor: saved and put back).
    this.out.write(`\n\x1b7\x1b[1;${this.rows - 1}r\x1b8\x1b[1A`);
  }

  private draw(): void {
    if (!this.progress || !this.rows) return;
    if (this.out.rows && this.out.rows !== this.rows) this.reserveLastRow();
    const line = this.progress.line().slice(0, (this.out.columns || 120) - 1);
    this.out.write(`\x1b7\x1b[${this.rows};1H\x1b[2K${line}\x1b8`);
  }

  /** The whole screen scrolls again, the line gone. */
  private release(): void {
    if (!this.rows) return;
    this.out.write(`\x1b7\x1b[r\x1b[${this.rows};1H\x1b[2K\x1b8`);
    this.rows = 0;
  }
}

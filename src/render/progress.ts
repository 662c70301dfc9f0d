import { isGoal } from '../analysis/aggregate.ts';
import type { FieldRow, InstanceRow } from '../record/results.ts';

/** What a run has done so far, instance by instance, for the live progress line. */
export class Progress {
  private done = 0;
  private readonly counts = { passed: 0, failed: 0, errored: 0, 'not run': 0 };
  /** Per project, form tasks and goal tasks apart, per task: the sum and count of its units (field scores; episode scores). */
  private readonly scores = new Map<string, { forms: Map<string, Sum>; goals: Map<string, Sum> }>();
  private calls = 0;
  private tokens = 0;
  private cost = 0;

  constructor(
    private readonly total: number,
    private readonly started = Date.now(),
  ) {}

  /** One instance's last attempt ended: its Playwright status, and its row and field records when it is a benchmark instance. */
  add(status: string, row: InstanceRow | undefined, fields: FieldRow[] = []): void {
    this.done++;
    if (row?.outcome === 'errored') this.counts.errored++;
    else if (row?.outcome === 'not run' || status === 'skipped') this.counts['not run']++;
    else if (status === 'passed') this.counts.passed++;
    else this.counts.failed++;
    if (!row) return;
    if (row.outcome === 'scored' || row.outcome === 'not scored') {
      const project = this.scores.get(row.project) ?? { forms: new Map<string, Sum>(), goals: new Map<string, Sum>() };
      this.scores.set(row.project, project);
      const units = isGoal(row) ? (row.score === null ? [] : [row.score]) : fields.flatMap((f) => (f.score === null ? [] : [f.score]));
      const tasks = isGoal(row) ? project.goals : project.forms;
      const task = tasks.get(row.task) ?? { sum: 0, n: 0 };
      tasks.set(row.task, { sum: task.sum + units.reduce((a, b) => a + b, 0), n: task.n + units.length });
    }
    if (row.usage) {
      this.calls += row.usage.calls - row.usage.cached;
      this.tokens += row.usage.promptTokens + row.usage.completionTokens;
      this.cost += row.usage.cost ?? 0;
    }
  }

  /** `412/1000 · 400 passed · 10 failed · 2 errored · oracle 1.000 · gpt4o 0.512 · 120 calls, 45.6K tokens, $1.23 · 3.2/s · 3m 04s left` */
  line(now = Date.now()): string {
    const seconds = Math.max((now - this.started) / 1000, 1e-3);
    const rate = this.done / seconds;
    const parts = [`${this.done}/${this.total}`];
    const { passed, failed, errored } = this.counts;
    parts.push([`${passed} passed`, ...(failed ? [`${failed} failed`] : []), ...(errored ? [`${errored} errored`] : []), ...(this.counts['not run'] ? [`${this.counts['not run']} not run`] : [])].join(' · '));
    // The tables' benchmark column: the mean over form tasks of their mean field score, or with goal tasks only, of their success.
    const scores = [...this.scores].flatMap(([project, { forms, goals }]) => {
      const means = [...(forms.size ? forms : goals).values()].filter((t) => t.n).map((t) => t.sum / t.n);
      return means.length ? [`${project} ${(means.reduce((a, b) => a + b, 0) / means.length).toFixed(3)}`] : [];
    });
    if (scores.length) parts.push(scores.join(' · '));
    if (this.calls) parts.push(`${this.calls} calls, ${compact(this.tokens)} tokens${this.cost ? `, $${this.cost.toFixed(2)}` : ''}`);
    parts.push(`${rate.toFixed(1)}/s`);
    if (this.done && this.done < this.total) parts.push(`${duration((this.total - this.done) / rate)} left`);
    return parts.join(' · ');
  }
}

interface Sum {
  sum: number;
  n: number;
}

const compact = (n: number) => (n < 1000 ? String(n) : n < 1e6 ? `${(n / 1e3).toFixed(1)}K` : `${(n / 1e6).toFixed(1)}M`);

function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

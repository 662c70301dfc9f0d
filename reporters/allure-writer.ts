import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestResult, TestResultContainer } from 'allure-js-commons';
import { FileSystemWriter, type Writer } from 'allure-js-commons/sdk/reporter';

/**
 * allure-js-commons' file writer, less its flush for what every test writes: it writes each
 * result and attachment aside, flushes it to the disk and renames it into place, several
 * times a test, on the runner's thread (the oracle over TurkingBench: ~6-8 ms a test). Files
 * are still written aside and renamed (a reader never sees half of one); a machine crash may
 * lose the last seconds of results, a run's records are in its journal
 * (docs/reports-and-runs.md). The run's environment, categories and global errors, written
 * once or a few times a run, go to the library's writer as before.
 */
export class UnflushedWriter implements Writer {
  private readonly once: FileSystemWriter;

  constructor(private readonly resultsDir: string) {
    this.once = new FileSystemWriter({ resultsDir });
  }

  writeResult(result: TestResult): void {
    this.publish(`${result.uuid}-result.json`, (temp) => writeFileSync(temp, JSON.stringify(result)));
  }

  writeGroup(result: TestResultContainer): void {
    this.publish(`${result.uuid}-container.json`, (temp) => writeFileSync(temp, JSON.stringify(result)));
  }

  writeAttachment(name: string, content: Buffer): void {
    this.publish(name, (temp) => writeFileSync(temp, content));
  }

  writeAttachmentFromPath(name: string, from: string): void {
    this.publish(name, (temp) => copyFileSync(from, temp));
  }

  writeEnvironmentInfo: Writer['writeEnvironmentInfo'] = (info) => this.once.writeEnvironmentInfo(info);
  writeCategoriesDefinitions: Writer['writeCategoriesDefinitions'] = (categories) => this.once.writeCategoriesDefinitions(categories);
  writeGlobals: Writer['writeGlobals'] = (name, info) => this.once.writeGlobals(name, info);

  private publish(name: string, write: (temp: string) => void): void {
    mkdirSync(this.resultsDir, { recursive: true });
    const temp = join(this.resultsDir, `.allure-write-${randomUUID()}.tmp`);
    try {
      write(temp);
      renameSync(temp, join(this.resultsDir, name));
    } catch (e) {
      rmSync(temp, { force: true });
      throw e;
    }
  }
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestResult, TestResultContainer } from 'allure-js-commons';
import { FileSystemWriter, type Writer } from 'allure-js-commons/sdk/reporter';
import { writeFileAside, writeJsonFile } from '../src/json-files.ts';

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
    writeJsonFile(join(this.resultsDir, `${result.uuid}-result.json`), result);
  }

  writeGroup(result: TestResultContainer): void {
    writeJsonFile(join(this.resultsDir, `${result.uuid}-container.json`), result);
  }

  writeAttachment(name: string, content: Buffer): void {
    writeFileAside(join(this.resultsDir, name), content);
  }

  writeAttachmentFromPath(name: string, from: string): void {
    writeFileAside(join(this.resultsDir, name), readFileSync(from));
  }

  writeEnvironmentInfo: Writer['writeEnvironmentInfo'] = (info) => this.once.writeEnvironmentInfo(info);
  writeCategoriesDefinitions: Writer['writeCategoriesDefinitions'] = (categories) => this.once.writeCategoriesDefinitions(categories);
  writeGlobals: Writer['writeGlobals'] = (name, info) => this.once.writeGlobals(name, info);
}

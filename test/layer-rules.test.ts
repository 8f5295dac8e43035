// The layer rules of eslint.config.mjs catch what they are for: each case is an import the rules forbid, linted as
// if it were written in that file, plus imports the layering allows. (docs/architecture.md draws the layers.)
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layer rules', () => {
  it.each([
    ['src/core/layout/x.ts', "import { useSettings } from '../../hooks/use-settings';", 'no-restricted-paths'],
    ['src/core/layout/x.ts', "import { renderPage } from '../../bridges/render-bridge';", 'no-restricted-paths'],
    ['src/core/layout/x.ts', "import { readFileSync } from 'node:fs';", 'no-restricted-imports'],
    ['src/core/layout/x.ts', "import * as ort from 'onnxruntime-web';", 'no-restricted-imports'],
    ['src/components/X.tsx', "import { renderPage } from '../bridges/render-bridge';", 'no-restricted-paths'],
    ['src/components/X.tsx', "import { chooseBackend } from '../../workers/engine/ort-session';", 'no-restricted-paths'],
    ['workers/engine/x.ts', "import { DocumentStore } from '../../src/store/document-store';", 'no-restricted-paths'],
    ['cli/x.ts', "import { openPdf } from '../workers/render/pdf-document';", 'no-restricted-paths'],
    ['training/x.ts', "import { runRealEval } from '../bench/eval/real/run-real.mjs';", 'no-restricted-paths'],
    ['bench/x.ts', "import { chooseFiles } from '../e2e/helpers';", 'no-restricted-paths'],
    ['src/render/x.ts', "import { makePdf } from '../../test/support/pdf-maker';", 'no-restricted-paths'],
    ['test/queue/x.test.ts', "import { makePdf } from '../../e2e/pdf-maker';", 'no-unresolved'],
  ])('%s may not: %s', async (file, code, rule) => {
    expect((await problems(file, code)).join('\n')).toContain(rule);
  });

  it.each([
    ['src/components/X.tsx', "import { DocumentStore } from '../store/document-store';"],
    ['src/store/x.ts', "import { renderPage } from '../bridges/render-bridge';"],
    ['workers/engine/x.ts', "import { ocrPage } from '../../src/core/pipeline/ocr-page';"],
    ['cli/x.ts', "import { openNodeReader } from '../src/node/page-ocr';"],
    ['bench/x.ts', "import { makePdf } from '../test/support/pdf-maker';"],
    ['src/core/glyph-math/x.ts', "import katex from 'katex';"],
  ])('%s may: %s', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });

  it('forbids import cycles in every layer', async () => {
    for (const file of ['src/core/layout/layout-page.ts', 'src/store/document-store.ts', 'workers/engine/engine-service.ts', 'cli/run.ts']) {
      const config = await eslint.calculateConfigForFile(file);
      expect(config.rules['import-x/no-cycle']?.[0], file).toBe(2);
    }
  });
});

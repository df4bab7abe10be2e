/**
 * The web calls the API only through its typed client (`api/request.ts`, paths from the contract's route
 * table: docs/decisions/0015-endpoints-in-the-contract.md): no application source writes an `/api/...` path
 * by hand. Tests may: they state the wire paths on their own, so a wrong entry in the table fails them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

// happy-dom gives the module an http URL; its file path comes from Vite's `__dirname` shim.
const SRC = join(dirname(__filename), '..');
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('test/');

describe('API paths in the web app', () => {
  it('are written only in the route table, never in application code', () => {
    const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .map((file) => file.replaceAll('\\', '/'))
      .filter((file) => /\.(?:tsx?|js)$/.test(file) && !isTest(file));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) =>
      readFileSync(join(SRC, file), 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          /['"`]\/api\//.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});

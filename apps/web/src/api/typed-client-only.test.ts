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

/** The application's source files (tests excluded). */
function appFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((file) => file.replaceAll('\\', '/'))
    .filter((file) => /\.(?:tsx?|js)$/.test(file) && !isTest(file));
}

/** Every line of `files` that `pattern` matches, as `file:line: text`. */
function linesMatching(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(join(SRC, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (pattern.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
  );
}

describe('API paths in the web app', () => {
  it('are written only in the route table, never in application code', () => {
    const files = appFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(linesMatching(files, /['"`]\/api\//)).toEqual([]);
  });

  it('are called through the typed request(), never the untyped api.get/post or apiFetch', () => {
    // `api/` holds the client itself; everything else names an endpoint of the table.
    const files = appFiles().filter((file) => !file.startsWith('api/'));
    const untyped = /\bapi\.(?:get|post|put|patch|delete|upload)\b|\bapiFetch\s*[<(]/;
    expect(linesMatching(files, untyped)).toEqual([]);
  });
});

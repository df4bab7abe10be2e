import { ERROR_CODES } from '@josie/contract';
import { errors } from '../../lib/errors.js';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * Fills a stored template's `{{name}}` placeholders (docs/product/rules-and-limits.md#ai) in one pass: a
 * value that itself contains `{{...}}` is inserted as it is, never expanded. Variables the template does not
 * name are ignored.
 *
 * @throws AppError 400 naming every placeholder without a value (missing, or blank after trimming).
 */
export function renderTemplate(content: string, variables: Record<string, string>): string {
  const missing = new Set<string>();
  const text = content.replace(PLACEHOLDER, (_match, name: string) => {
    const value = Object.hasOwn(variables, name) ? variables[name]!.trim() : '';
    if (!value) missing.add(name);
    return value;
  });
  if (missing.size > 0) {
    const names = [...missing];
    throw errors.badRequest(
      `Missing template variable${names.length > 1 ? 's' : ''}: ${names.join(', ')}`,
      ERROR_CODES.MISSING_TEMPLATE_VARIABLE,
    );
  }
  return text;
}

/** The generated text without surrounding whitespace or one pair of wrapping quotes (models add them to titles). */
export function cleanGeneratedText(text: string): string {
  const trimmed = text.trim();
  const match = /^(["'“”«])([\s\S]*)(["'“”»])$/.exec(trimmed);
  return match && match[2]!.trim() ? match[2]!.trim() : trimmed;
}

/**
 * Imported first by every entry point that opens `DATA_DIR` (main.ts, cli/create-admin.ts): sets the
 * process's umask to 077 while the entry's other modules are still loading, so that no file or folder is
 * ever made open to others, whatever umask the service was started with (decision 0009: `DATA_DIR` files
 * are 0600, folders 0700). ES modules run in import order, so this runs before any other module's code.
 */
process.umask(0o077);

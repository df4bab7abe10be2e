/**
 * Copies `text` to the clipboard and answers whether it worked. Uses the Clipboard API, and where it is
 * missing or refused (plain http on a LAN address, older browsers) falls back to selecting the text in a
 * hidden text area and `execCommand('copy')`; focus goes back to where it was.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, insecure context): try the fallback.
  }
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.insetBlockStart = '0';
  area.style.opacity = '0';
  document.body.append(area);
  area.focus();
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    area.remove();
    previous?.focus();
  }
  return copied;
}

import { cpus, freemem, loadavg, totalmem } from 'node:os';

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
export function loadLine(): string {
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;
}

/**
 * One line naming the machine a benchmark ran on, printed with every result, with the load average at
 * that moment: on a shared machine, figures taken under load are not comparable with quiet ones.
 */
export function machineLine(): string {
  const cpu = cpus();
  return `machine: ${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM (${(
    freemem() / 2 ** 30
  ).toFixed(1)} free), Node ${process.version}, ${process.platform}/${process.arch}, ${loadLine()}`;
}

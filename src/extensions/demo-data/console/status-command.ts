import { EXIT, type ConsoleCommand, type ExtensionHost } from '../../../platform/sdk/index.js';
import { loadBlueprint } from '../blueprint/load-blueprint.js';
import { readStatus } from '../run/status-record.js';
import { channelReport } from '../status/channel-report.js';
import { formatTable } from '../tally.js';

/** `bin/console ext:demo-data:status`: what exists per blueprint channel and the last run; writes nothing. */
export const statusCommand: ConsoleCommand<ExtensionHost> = {
  name: 'ext:demo-data:status',
  description: 'Reports what exists of the demo catalogue per channel and the last run (writes nothing)',
  async run(_input, io, host) {
    const blueprint = await loadBlueprint();
    const reports = await channelReport(host, blueprint);
    io.out('Demo data status');
    io.out('');
    const headers = ['Channel', 'State', 'Sales channel', 'Root category', 'Categories below root', 'Visible products'];
    const rows = reports.map((r) => [r.key, r.state, r.salesChannel, r.rootCategory, String(r.categoriesBelowRoot), String(r.visibleProducts)]);
    for (const line of formatTable(headers, rows, 4)) io.out(line);
    const last = await readStatus(host, { persist: false });
    io.out('');
    io.out(`Last run: ${last.state}${last.finishedAt ? ` (finished ${last.finishedAt})` : last.startedAt ? ` (started ${last.startedAt})` : ''}${last.message ? `: ${last.message}` : ''}`);
    if (reports.some((r) => r.state === 'missing' || r.visibleProducts === 0)) io.out('Run ext:demo-data:seed to create what is missing.');
    return EXIT.ok;
  },
};

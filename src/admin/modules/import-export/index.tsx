import { defineModule } from '../../sdk';
import { ImportExportPage } from './import-export-page';

export default defineModule({
  id: 'import-export',
  navigation: [{ label: 'Import/export', path: '/import-export', privilege: 'import_export_log:read', position: 60 }],
  routes: [{ path: '/import-export', component: ImportExportPage, privilege: 'import_export_log:read' }],
});

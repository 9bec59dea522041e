import { defineModule } from '../../sdk';
import { LayoutList } from './layout-list';
import { LayoutEditor } from './layout-editor';

/** Shopping Experiences: layouts of sections and blocks, their elements' settings, a preview and where they are shown. */
export default defineModule({
  id: 'cms',
  navigation: [{ label: 'Shopping Experiences', path: '/cms', privilege: 'cms_page:read', position: 36 }],
  routes: [
    { path: '/cms', component: LayoutList, privilege: 'cms_page:read' },
    { path: '/cms/:id', component: LayoutEditor, privilege: 'cms_page:read' },
  ],
});

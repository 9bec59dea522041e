import { defineModule } from '../../sdk';
import { ChannelList } from './channel-list';
import { ChannelDetail } from './channel-detail';

export default defineModule({
  id: 'sales-channels',
  navigation: [{ label: 'Sales channels', path: '/sales-channels', privilege: 'sales_channel:read', position: 60 }],
  routes: [
    { path: '/sales-channels', component: ChannelList, privilege: 'sales_channel:read' },
    { path: '/sales-channels/:id', component: ChannelDetail, privilege: 'sales_channel:read' },
  ],
});

import { Link } from 'react-router';
import { Anchor, Badge } from '@mantine/core';
import { PageHeader } from '../../sdk';
import { EntityTable } from '../../components/entity-table';

interface TemplateRow {
  id: string;
  subject: string;
  salesChannel?: { name: string } | null;
  mailTemplateType?: { name: string; technicalName: string } | null;
  updatedAt: string | null;
}

/** Every mail template: the default of each type and the sales channels' own. */
export function MailTemplates() {
  return (
    <>
      <PageHeader title="Mail templates" subtitle={<Anchor component={Link} to="/shop-settings" size="sm">All shop settings</Anchor>} />
      <EntityTable<TemplateRow>
        entity="mail-template"
        label="Mail templates"
        defaultSort={{ field: 'mailTemplateType.name', order: 'ASC' }}
        criteria={{ associations: { mailTemplateType: {}, salesChannel: {} } }}
        searchPlaceholder="Subject…"
        columns={[
          { label: 'Type', sortField: 'mailTemplateType.name', render: (row) => <Anchor component={Link} to={`/shop-settings/mail-templates/${row.id}`}>{row.mailTemplateType?.name ?? '–'}</Anchor> },
          { label: 'Subject', sortField: 'subject', render: (row) => row.subject },
          { label: 'Sales channel', render: (row) => (row.salesChannel ? row.salesChannel.name : <Badge variant="light" color="gray">default</Badge>) },
        ]}
      />
    </>
  );
}

import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Modal,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { errorMessage } from '../../../lib/api-client';
import { useDashboard } from '../../dashboard/use-dashboard';
import {
  useAudit,
  useUser,
  useUserActions,
  useUsers,
  type AuditEntry,
  type Role,
  type UserFilters,
  type UserRow,
} from '../api/admin';

const ROLES: Role[] = ['student', 'startup', 'admin'];

function StatusBadges({ u }: { u: Pick<UserRow, 'verified' | 'onboardingComplete' | 'active'> }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {!u.active ? (
        <Badge color="red" variant="filled">
          {t('admin.users.deactivated')}
        </Badge>
      ) : null}
      <Badge color={u.verified ? 'teal' : 'gray'} variant="light">
        {t(u.verified ? 'admin.users.verified' : 'admin.users.unverified')}
      </Badge>
      {u.onboardingComplete ? (
        <Badge color="blue" variant="light">
          {t('admin.users.onboarded')}
        </Badge>
      ) : null}
    </Group>
  );
}

/** A yes / no / any filter. */
function FlagSelect({
  label,
  value,
  onChange,
  yes,
  no,
}: {
  label: string;
  value: string;
  onChange: (v: '' | 'true' | 'false') => void;
  yes: string;
  no: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      value={value}
      onChange={(v) => onChange((v ?? '') as '' | 'true' | 'false')}
      data={[
        { value: '', label: t('admin.users.any') },
        { value: 'true', label: yes },
        { value: 'false', label: no },
      ]}
      allowDeselect={false}
    />
  );
}

function UsersTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [f, setF] = useState<Omit<UserFilters, 'q'>>({ role: '', verified: '', onboarded: '', active: '', page: 1 });
  const users = useUsers({ ...f, q: debounced });
  const set = (patch: Partial<UserFilters>) => setF((old) => ({ ...old, page: 1, ...patch }));
  const open = (id: string) =>
    setParams((p) => {
      p.set('user', id);
      return p;
    });
  const data = users.data;
  return (
    <Stack>
      <TextInput
        label={t('admin.users.search')}
        placeholder={t('admin.users.searchPlaceholder')}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          set({});
        }}
        maxLength={100}
        maw={520}
      />
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Select
          label={t('admin.users.role')}
          value={f.role}
          onChange={(v) => set({ role: (v ?? '') as '' | Role })}
          data={[
            { value: '', label: t('admin.users.allRoles') },
            ...ROLES.map((r) => ({ value: r, label: t(`dashboard.roles.${r}`) })),
          ]}
          allowDeselect={false}
        />
        <FlagSelect
          label={t('admin.users.verifiedFilter')}
          value={f.verified}
          onChange={(v) => set({ verified: v })}
          yes={t('admin.users.verified')}
          no={t('admin.users.unverified')}
        />
        <FlagSelect
          label={t('admin.users.onboardedFilter')}
          value={f.onboarded}
          onChange={(v) => set({ onboarded: v })}
          yes={t('admin.users.onboarded')}
          no={t('admin.users.notOnboarded')}
        />
        <FlagSelect
          label={t('admin.users.activeFilter')}
          value={f.active}
          onChange={(v) => set({ active: v })}
          yes={t('admin.users.active')}
          no={t('admin.users.deactivated')}
        />
      </SimpleGrid>
      {users.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(users.error, t('common.loadFailed'))}
        </Alert>
      ) : null}
      {users.isLoading ? <Skeleton h={240} /> : null}
      {data ? (
        <Card withBorder radius="lg" padding={0}>
          <Group justify="space-between" px="md" py="sm">
            <Text c="dimmed" fz="sm">
              {t('admin.users.count', { count: data.total })}
            </Text>
          </Group>
          {data.items.length === 0 ? (
            <Text c="dimmed" px="md" pb="md">
              {t('admin.users.none')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={680}>
              <Table highlightOnHover verticalSpacing="sm" data-testid="users-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.users.name')}</Table.Th>
                    <Table.Th miw={120}>{t('admin.users.role')}</Table.Th>
                    <Table.Th miw={200}>{t('admin.users.status')}</Table.Th>
                    <Table.Th>{t('admin.users.joined')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((u) => (
                    <Table.Tr key={u.id} style={{ cursor: 'pointer' }} onClick={() => open(u.id)} data-testid="user-row">
                      <Table.Td>
                        <Text fw={600}>{u.fullName}</Text>
                        <Text fz="sm" c="dimmed">
                          {u.email}
                          {u.companyName ? ` · ${u.companyName}` : ''}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="outline">{t(`dashboard.roles.${u.userType}`)}</Badge>
                      </Table.Td>
                      <Table.Td>
                        <StatusBadges u={u} />
                      </Table.Td>
                      <Table.Td>
                        <Text fz="sm">{new Date(u.createdAt).toLocaleDateString()}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="xs"
                          variant="subtle"
                          onClick={(e) => {
                            e.stopPropagation();
                            open(u.id);
                          }}
                        >
                          {t('admin.users.open')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          {data.total > data.pageSize ? (
            <Pagination
              m="md"
              total={Math.ceil(data.total / data.pageSize)}
              value={f.page}
              onChange={(page) => setF((o) => ({ ...o, page }))}
            />
          ) : null}
        </Card>
      ) : null}
      <UserDrawer
        id={params.get('user')}
        onClose={() =>
          setParams((p) => {
            p.delete('user');
            return p;
          })
        }
      />
    </Stack>
  );
}

type Confirm = { kind: 'role'; role: Role } | { kind: 'deactivate' } | { kind: 'reactivate' } | { kind: 'delete' };

function UserDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { user: me } = useDashboard();
  const user = useUser(id);
  const actions = useUserActions(id ?? '');
  const [role, setRole] = useState<Role | null>(null);
  // The dialog keeps showing its last question while it animates closed.
  const [confirm, setConfirmState] = useState<Confirm | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const setConfirm = (c: Confirm | null) => {
    if (c) setConfirmState(c);
    setConfirmOpen(!!c);
  };
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const u = user.data;
  const self = !!u && u.id === me?.id;

  async function run(c: Confirm) {
    setError(null);
    setDone(null);
    try {
      if (c.kind === 'role') await actions.role.mutateAsync(c.role);
      if (c.kind === 'deactivate') await actions.deactivate.mutateAsync();
      if (c.kind === 'reactivate') await actions.reactivate.mutateAsync();
      if (c.kind === 'delete') {
        await actions.remove.mutateAsync();
        setConfirm(null);
        onClose();
        return;
      }
      setDone(t(`admin.users.done.${c.kind}`));
    } catch (err) {
      setError(errorMessage(err, t('common.loadFailed')));
    }
    setConfirm(null);
  }
  const busy = actions.role.isPending || actions.deactivate.isPending || actions.reactivate.isPending || actions.remove.isPending;

  return (
    <Drawer
      opened={!!id}
      onClose={() => {
        setError(null);
        setDone(null);
        setRole(null);
        onClose();
      }}
      position="right"
      size="lg"
      title={t('admin.users.userTitle')}
    >
      {user.isLoading ? <Skeleton h={300} /> : null}
      {user.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(user.error, t('common.loadFailed'))}
        </Alert>
      ) : null}
      {u ? (
        <Stack data-testid="user-panel">
          <Stack gap={2}>
            <Title order={2} fz="h3">
              {u.fullName}
            </Title>
            <Text c="dimmed">
              {u.email}
              {u.companyName ? ` · ${u.companyName}` : ''}
            </Text>
            <Group gap={6} mt={4}>
              <Badge variant="outline">{t(`dashboard.roles.${u.userType}`)}</Badge>
              <StatusBadges u={u} />
            </Group>
          </Stack>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          {done ? <Alert color="teal">{done}</Alert> : null}
          <Card withBorder radius="md">
            <Title order={3} fz="h5" mb="xs">
              {t('admin.users.profile')}
            </Title>
            <SimpleGrid cols={2} spacing={6}>
              <Text fz="sm" c="dimmed">
                {t('admin.users.joined')}
              </Text>
              <Text fz="sm">{new Date(u.createdAt).toLocaleString()}</Text>
              {u.school ? (
                <>
                  <Text fz="sm" c="dimmed">
                    {t('dashboard.student.school')}
                  </Text>
                  <Text fz="sm">{u.school}</Text>
                </>
              ) : null}
              {u.graduationYear ? (
                <>
                  <Text fz="sm" c="dimmed">
                    {t('dashboard.student.graduation')}
                  </Text>
                  <Text fz="sm">{u.graduationYear}</Text>
                </>
              ) : null}
              {u.whatsapp ? (
                <>
                  <Text fz="sm" c="dimmed">
                    {t('admin.users.whatsapp')}
                  </Text>
                  <Text fz="sm">{u.whatsapp}</Text>
                </>
              ) : null}
              {u.linkedin ? (
                <>
                  <Text fz="sm" c="dimmed">
                    {t('admin.users.linkedin')}
                  </Text>
                  <Text fz="sm" style={{ wordBreak: 'break-all' }}>
                    {u.linkedin}
                  </Text>
                </>
              ) : null}
              <Text fz="sm" c="dimmed">
                {t('admin.users.emails')}
              </Text>
              <Text fz="sm">{t(u.emailNotifications ? 'admin.users.on' : 'admin.users.off')}</Text>
            </SimpleGrid>
          </Card>
          {u.userType === 'student' ? (
            <Card withBorder radius="md">
              <Title order={3} fz="h5" mb="xs">
                {t('admin.users.assessment')}
              </Title>
              {u.assessment ? (
                <Stack gap={6}>
                  <Text fw={700}>{t('admin.users.overall', { score: u.assessment.overall })}</Text>
                  <Group gap={6}>
                    {Object.entries(u.assessment.scores).map(([k, v]) => (
                      <Badge key={k} variant="light">
                        {t(`assessment.categories.${k}`, { defaultValue: k })}: {v}
                      </Badge>
                    ))}
                  </Group>
                  <Group gap={6}>
                    {u.assessment.skills.map((s) => (
                      <Badge key={s} color="gray" variant="outline">
                        {s}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
              ) : (
                <Text c="dimmed" fz="sm">
                  {t('admin.users.noAssessment')}
                </Text>
              )}
            </Card>
          ) : null}
          {u.userType === 'startup' ? (
            <Card withBorder radius="md">
              <Title order={3} fz="h5" mb="xs">
                {t('admin.users.projects', { count: u.projects.length })}
              </Title>
              {u.projects.length ? (
                u.projects.map((p) => (
                  <Group key={p.id} justify="space-between" py={4}>
                    <Text fz="sm">{p.title}</Text>
                    <Group gap={6}>
                      <Badge variant="light">{t(`dashboard.admin.projectStatus.${p.status}`)}</Badge>
                      <Text fz="xs" c="dimmed">
                        {t('admin.users.applicants', { count: p.applicants })}
                      </Text>
                    </Group>
                  </Group>
                ))
              ) : (
                <Text c="dimmed" fz="sm">
                  {t('admin.users.noProjects')}
                </Text>
              )}
            </Card>
          ) : null}
          {u.userType === 'student' ? (
            <Card withBorder radius="md">
              <Title order={3} fz="h5" mb="xs">
                {t('admin.users.applications', { count: u.applications.length })}
              </Title>
              {u.applications.length ? (
                u.applications.map((a) => (
                  <Group key={a.id} justify="space-between" py={4}>
                    <Text fz="sm">{a.projectTitle}</Text>
                    <Badge variant="light">{t(`dashboard.admin.applicationStatus.${a.status}`)}</Badge>
                  </Group>
                ))
              ) : (
                <Text c="dimmed" fz="sm">
                  {t('admin.users.noApplications')}
                </Text>
              )}
              {u.invitations.length ? (
                <Text fz="xs" c="dimmed" mt="xs">
                  {t('admin.users.invitedTo', { titles: u.invitations.map((i) => i.projectTitle).join(', ') })}
                </Text>
              ) : null}
            </Card>
          ) : null}
          <Card withBorder radius="md">
            <Title order={3} fz="h5" mb="xs">
              {t('admin.users.actions')}
            </Title>
            {self ? (
              <Text c="dimmed" fz="sm" mb="xs">
                {t('admin.users.selfNote')}
              </Text>
            ) : null}
            <Stack gap="sm">
              <Group align="flex-end">
                <Select
                  label={t('admin.users.changeRole')}
                  value={role ?? u.userType}
                  onChange={(v) => setRole(v as Role)}
                  data={ROLES.map((r) => ({ value: r, label: t(`dashboard.roles.${r}`) }))}
                  allowDeselect={false}
                  disabled={self}
                  w={200}
                />
                <Button
                  variant="default"
                  disabled={self || !role || role === u.userType || busy}
                  onClick={() => role && setConfirm({ kind: 'role', role })}
                >
                  {t('admin.users.applyRole')}
                </Button>
              </Group>
              <Group>
                {u.active ? (
                  <Button
                    color="orange"
                    variant="light"
                    disabled={self || busy}
                    onClick={() => setConfirm({ kind: 'deactivate' })}
                  >
                    {t('admin.users.deactivate')}
                  </Button>
                ) : (
                  <Button color="teal" variant="light" disabled={busy} onClick={() => setConfirm({ kind: 'reactivate' })}>
                    {t('admin.users.reactivate')}
                  </Button>
                )}
                <Button color="red" variant="light" disabled={self || busy} onClick={() => setConfirm({ kind: 'delete' })}>
                  {t('admin.users.delete')}
                </Button>
              </Group>
            </Stack>
          </Card>
          {u.audit.length ? (
            <Card withBorder radius="md">
              <Title order={3} fz="h5" mb="xs">
                {t('admin.users.history')}
              </Title>
              {u.audit.map((a) => (
                <AuditLine key={a.id} a={a} />
              ))}
            </Card>
          ) : null}
          <Modal
            opened={confirmOpen}
            onClose={() => setConfirm(null)}
            title={confirm ? t(`admin.users.confirm.${confirm.kind}.title`) : ''}
            centered
          >
            {confirm ? (
              <Stack>
                <Text>
                  {t(`admin.users.confirm.${confirm.kind}.body`, {
                    name: u.fullName,
                    role: confirm.kind === 'role' ? t(`dashboard.roles.${confirm.role}`) : '',
                  })}
                </Text>
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setConfirm(null)}>
                    {t('common.cancel')}
                  </Button>
                  <Button
                    color={confirm.kind === 'delete' ? 'red' : confirm.kind === 'deactivate' ? 'orange' : undefined}
                    loading={busy}
                    onClick={() => void run(confirm)}
                  >
                    {t(`admin.users.confirm.${confirm.kind}.ok`)}
                  </Button>
                </Group>
              </Stack>
            ) : null}
          </Modal>
        </Stack>
      ) : null}
    </Drawer>
  );
}

function AuditLine({ a }: { a: AuditEntry }) {
  const { t } = useTranslation();
  // Details are worded by key; ids are left out (the target is already named).
  const value = (k: string, v: unknown) =>
    ['from', 'to', 'role'].includes(k) && typeof v === 'string' ? t(`dashboard.roles.${v}`) : String(v);
  const details = Object.entries(a.details)
    .filter(([k, v]) => !k.endsWith('Id') && (typeof v === 'string' || typeof v === 'number'))
    .map(([k, v]) => t(`admin.audit.details.${k}`, { value: value(k, v), defaultValue: `${k}: {{value}}` }))
    .join(' · ');
  return (
    <Stack gap={0} py={4}>
      <Text fz="sm">
        <b>{t(`admin.audit.actions.${a.action}`, { defaultValue: a.action })}</b>
        {a.target ? ` — ${a.target}` : ''}
      </Text>
      <Text fz="xs" c="dimmed">
        {new Date(a.createdAt).toLocaleString()} · {a.actor}
        {details ? ` · ${details}` : ''}
      </Text>
    </Stack>
  );
}

function AuditTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Text c="dimmed" mb="sm">
        {t('admin.audit.intro')}
      </Text>
      {audit.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(audit.error, t('common.loadFailed'))}
        </Alert>
      ) : null}
      {audit.isLoading ? <Skeleton h={200} /> : null}
      {audit.data && audit.data.items.length === 0 ? <Text c="dimmed">{t('admin.audit.none')}</Text> : null}
      <Stack gap={0} data-testid="audit-log">
        {audit.data?.items.map((a) => (
          <AuditLine key={a.id} a={a} />
        ))}
      </Stack>
      {audit.data && audit.data.total > audit.data.pageSize ? (
        <Pagination mt="md" total={Math.ceil(audit.data.total / audit.data.pageSize)} value={page} onChange={setPage} />
      ) : null}
    </Card>
  );
}

export function ManageUsersPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageHeader title={t('dashboard.nav.manage-users')} subtitle={t('admin.users.subtitle')} />
      <Tabs defaultValue="users" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users">{t('admin.users.tab')}</Tabs.Tab>
          <Tabs.Tab value="audit">{t('admin.audit.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="audit">
          <AuditTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

import { useState } from 'react';
import { Alert, Skeleton, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../../lib/error-messages';
import { useUsers, type UserFilters as Filters } from '../../api/get-users';
import { UserDrawer } from './user-drawer';
import { UserFilters } from './user-filters';
import { UsersTable } from './users-table';

const NO_FILTERS: Omit<Filters, 'q'> = { role: '', verified: '', onboarded: '', active: '', page: 1 };

/** Search and filter users; the open user (`?user=<id>`) shows in a drawer. */
export function UsersTab() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [f, setF] = useState<Omit<Filters, 'q'>>(NO_FILTERS);
  const filtered = !!search.trim() || (['role', 'verified', 'onboarded', 'active'] as const).some((k) => f[k] !== '');
  const users = useUsers({ ...f, q: debounced });
  const set = (patch: Partial<Filters>) => {
    setF((old) => ({ ...old, page: 1, ...patch }));
  };
  const open = (id: string) => {
    setParams((p) => {
      p.set('user', id);
      return p;
    });
  };
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
      <UserFilters f={f} onChange={set} />
      {users.isError ? (
        <Alert color="red" role="alert">
          {errorText(users.error, t)}
        </Alert>
      ) : null}
      {users.isLoading ? <Skeleton h={240} /> : null}
      {users.data ? (
        <UsersTable
          data={users.data}
          page={f.page}
          onPage={(page) => {
            setF((o) => ({ ...o, page }));
          }}
          onOpen={open}
          onClear={
            filtered
              ? () => {
                  setSearch('');
                  setF(NO_FILTERS);
                }
              : undefined
          }
        />
      ) : null}
      <UserDrawer
        id={params.get('user')}
        onClose={() => {
          setParams((p) => {
            p.delete('user');
            return p;
          });
        }}
      />
    </Stack>
  );
}

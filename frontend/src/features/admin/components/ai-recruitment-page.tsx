import { Stack, Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ProjectsForStudent } from './ai-recruitment/projects-for-student';
import { StudentsForProject } from './ai-recruitment/students-for-project';

/** AI Recruitment: students ranked for an open project, or open projects for a student (`?tab=`). */
export function AiRecruitmentPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'projects' ? 'projects' : 'students';
  return (
    <Stack>
      <PageHeader title={t('dashboard.nav.ai-recruitment')} subtitle={t('admin.recruit.subtitle')} />
      <Tabs
        value={tab}
        onChange={(v) => {
          setParams((p) => {
            p.set('tab', v ?? 'students');
            return p;
          });
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="students">{t('admin.recruit.tabStudents')}</Tabs.Tab>
          <Tabs.Tab value="projects">{t('admin.recruit.tabProjects')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="students">
          <StudentsForProject />
        </Tabs.Panel>
        <Tabs.Panel value="projects">
          <ProjectsForStudent />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

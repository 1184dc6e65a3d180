import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import { loadConfig } from '../src/config/config.js';
import { BACKEND_DIR } from './support/env.js';
import { hasKubectl, kubectlKustomize, renderKustomization, type K8sObject } from './support/kustomize.js';

const ROOT = join(BACKEND_DIR, '..');
const K8S = join(ROOT, 'deploy/k8s');
const OVERLAYS = ['production', 'dev'] as const;

/** The schema package of each apiVersion (kubernetes-models and its KEDA / prometheus-operator packages). */
const MODELS: Record<string, string> = {
  'keda.sh/v1alpha1': '@kubernetes-models/keda/keda.sh/v1alpha1',
  'monitoring.coreos.com/v1': '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1',
};
const modelOf = async (o: K8sObject) => {
  const mod = (await import(MODELS[o.apiVersion] ?? `kubernetes-models/${o.apiVersion}`)) as Record<
    string,
    new (data: unknown) => { validate(): void }
  >;
  const Model = mod[o.kind];
  if (!Model) throw new Error(`no schema for ${o.apiVersion} ${o.kind}`);
  return new Model(o);
};

type Probe = { httpGet?: { path: string; port: string | number }; exec?: unknown };
type Container = {
  name: string;
  image: string;
  command?: string[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name: string; containerPort: number }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { memory?: string } };
  securityContext?: {
    allowPrivilegeEscalation?: boolean;
    readOnlyRootFilesystem?: boolean;
    capabilities?: { drop?: string[] };
    runAsNonRoot?: boolean;
  };
  volumeMounts?: { name: string; mountPath: string }[];
};
type Workload = K8sObject & {
  spec: {
    template: {
      spec: {
        containers: Container[];
        automountServiceAccountToken?: boolean;
        terminationGracePeriodSeconds?: number;
        securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
        volumes?: { name: string; persistentVolumeClaim?: { claimName: string }; emptyDir?: object }[];
      };
    };
  };
};

const render = (overlay: string) => (hasKubectl() ? kubectlKustomize : renderKustomization)(join(K8S, 'overlays', overlay));
const find = (objects: K8sObject[], kind: string, name: string) => {
  const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`no ${kind}/${name}`);
  return o;
};
const workloads = (objects: K8sObject[]) =>
  objects.filter((o): o is Workload => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind));
const ownContainers = (objects: K8sObject[]) =>
  workloads(objects).flatMap((w) =>
    w.spec.template.spec.containers.filter((c) => c.command?.[1]?.startsWith('backend/dist/')).map((c) => ({ w, c })),
  );
/** KEY=value lines of an env file (comments and blanks skipped). */
const envFile = (path: string) =>
  Object.fromEntries(
    readFileSync(path, 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
/** What a container of ours sees: its ConfigMap, the Secret the operator creates (its documented keys), its own env. */
const envOf = (objects: K8sObject[], overlay: string, c: Container) => {
  const env: Record<string, string> = {};
  for (const from of c.envFrom ?? []) {
    if (from.configMapRef)
      Object.assign(env, (find(objects, 'ConfigMap', from.configMapRef.name) as K8sObject & { data: object }).data);
    if (from.secretRef) Object.assign(env, envFile(join(K8S, 'overlays', overlay, 'secret.example.env')));
  }
  for (const e of c.env ?? []) if (e.value !== undefined) env[e.name] = e.value;
  return env;
};

describe('Kubernetes manifests (deploy/k8s)', () => {
  it.each(OVERLAYS)('%s: the JavaScript render of the overlay equals kubectl kustomize (where kubectl exists)', (overlay) => {
    const dir = join(K8S, 'overlays', overlay);
    const js = renderKustomization(dir);
    expect(js.length).toBeGreaterThan(10);
    if (!hasKubectl()) return; // CI and this machine have it; the render above then stands alone.
    const key = (o: K8sObject) => `${o.kind}/${o.metadata.name}`;
    const byKey = (list: K8sObject[]) => Object.fromEntries(list.map((o) => [key(o), o]));
    expect(byKey(js)).toEqual(byKey(kubectlKustomize(dir)));
  });

  it.each(OVERLAYS)('%s: every object is valid against the Kubernetes, KEDA and prometheus-operator schemas', async (overlay) => {
    const problems: string[] = [];
    for (const o of render(overlay)) {
      try {
        (await modelOf(o)).validate();
      } catch (err) {
        problems.push(`${o.kind}/${o.metadata.name}: ${(err as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it.each(OVERLAYS)(
    '%s: every container has probes, resources, a pinned image and runs as non-root on a read-only root, without a service-account token',
    (overlay) => {
      const problems: string[] = [];
      for (const w of workloads(render(overlay))) {
        const pod = w.spec.template.spec;
        const where = `${w.kind}/${w.metadata.name}`;
        if (pod.automountServiceAccountToken !== false) problems.push(`${where}: service-account token mounted`);
        for (const c of pod.containers) {
          const at = `${where} ${c.name}`;
          if (w.kind !== 'Job' && (!c.readinessProbe || !c.livenessProbe)) problems.push(`${at}: probes missing`);
          if (!/:[\w.-]+$/.test(c.image) || c.image.endsWith(':latest')) problems.push(`${at}: image ${c.image} not pinned`);
          if (!c.resources?.requests?.cpu || !c.resources.requests.memory || !c.resources.limits?.memory) {
            problems.push(`${at}: resources not set`);
          }
          if (!(c.securityContext?.runAsNonRoot ?? pod.securityContext?.runAsNonRoot)) problems.push(`${at}: may run as root`);
          if (c.securityContext?.readOnlyRootFilesystem !== true) problems.push(`${at}: writable root filesystem`);
          if (c.securityContext?.allowPrivilegeEscalation !== false) problems.push(`${at}: privilege escalation`);
          if (!c.securityContext?.capabilities?.drop?.includes('ALL')) problems.push(`${at}: capabilities kept`);
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(OVERLAYS)(
    '%s: every process of ours gets every variable its config needs (it would start), from a ConfigMap and the Secret the operator creates',
    (overlay) => {
      const objects = render(overlay);
      // Secrets are never in the repository: only referenced.
      expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
      const own = ownContainers(objects);
      expect(own.map(({ c }) => c.command?.[1]).sort()).toEqual([
        'backend/dist/cli/migrate.js',
        'backend/dist/main.js',
        'backend/dist/worker.js',
      ]);
      for (const { c } of own) {
        expect(c.envFrom).toEqual([{ configMapRef: { name: 'mashrou-config' } }, { secretRef: { name: 'mashrou-secrets' } }]);
        const env = envOf(objects, overlay, c);
        // The defaults of these point at this machine's services: in a cluster they must be given.
        for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'APP_SECRET', 'WEB_ORIGIN']) {
          expect([c.name, name, typeof env[name]]).toEqual([c.name, name, 'string']);
        }
        const config = loadConfig(env);
        expect(config.isProduction).toBe(true);
        if (overlay === 'production') expect(config.STORAGE_DRIVER).toBe('s3');
      }
    },
  );

  it.each(OVERLAYS)(
    '%s: probes point at routes that exist, and a stop always ends before Kubernetes kills the pod',
    (overlay) => {
      const objects = render(overlay);
      const api = find(objects, 'Deployment', 'mashrou-api') as Workload;
      const [apiContainer] = api.spec.template.spec.containers;
      expect(apiContainer?.readinessProbe?.httpGet).toEqual({ path: '/api/health/ready', port: 'http' });
      expect(apiContainer?.livenessProbe?.httpGet).toEqual({ path: '/api/health/live', port: 'http' });
      const apiEnv = loadConfig(envOf(objects, overlay, apiContainer as Container));
      expect(apiEnv.OPS_PORT).toBe(9464);
      expect(apiEnv.SHUTDOWN_DELAY_MS).toBeGreaterThan(0);
      expect((api.spec.template.spec.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThan(
        apiEnv.SHUTDOWN_DELAY_MS + apiEnv.SHUTDOWN_TIMEOUT_MS,
      );
      const worker = find(objects, 'Deployment', 'mashrou-worker') as Workload;
      const [workerContainer] = worker.spec.template.spec.containers;
      expect(workerContainer?.readinessProbe?.httpGet).toEqual({ path: '/health/ready', port: 'ops' });
      expect(workerContainer?.livenessProbe?.httpGet).toEqual({ path: '/health/live', port: 'ops' });
      expect(workerContainer?.ports).toEqual([{ name: 'ops', containerPort: 9464 }]);
      const workerEnv = loadConfig(envOf(objects, overlay, workerContainer as Container));
      expect((worker.spec.template.spec.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThan(
        workerEnv.SHUTDOWN_TIMEOUT_MS,
      );
      // The worker has no Service: nothing sends it traffic.
      const services = objects.filter((o) => o.kind === 'Service') as (K8sObject & { spec: { selector: object } })[];
      expect(services.filter((s) => JSON.stringify(s.spec.selector).includes('"worker"'))).toEqual([]);
    },
  );

  it.each(OVERLAYS)('%s: the pre-rollout step (README) selects exactly the ConfigMap and the migration Job', (overlay) => {
    const objects = render(overlay);
    const first = objects.filter((o) => ['config', 'migrate'].includes(o.metadata.labels?.['app.kubernetes.io/component'] ?? ''));
    expect(first.map((o) => `${o.kind}/${o.metadata.name}`).sort()).toEqual(['ConfigMap/mashrou-config', 'Job/mashrou-migrate']);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain("kubectl apply -k $K -l 'app.kubernetes.io/component in (config,migrate)'");
  });

  it('production: api 2–10 replicas on CPU with a disruption budget; workers scaled by KEDA on the queues’ backlog, 1 at least', () => {
    const objects = render('production');
    const hpa = find(objects, 'HorizontalPodAutoscaler', 'mashrou-api') as K8sObject & {
      spec: {
        minReplicas: number;
        maxReplicas: number;
        scaleTargetRef: { name: string };
        metrics: { resource: { name: string } }[];
      };
    };
    expect(hpa.spec).toMatchObject({ minReplicas: 2, scaleTargetRef: { name: 'mashrou-api' } });
    expect(hpa.spec.metrics.map((m) => m.resource.name)).toEqual(['cpu']);
    expect(find(objects, 'PodDisruptionBudget', 'mashrou-api')).toMatchObject({ spec: { minAvailable: 1 } });
    const scaled = find(objects, 'ScaledObject', 'mashrou-worker') as K8sObject & {
      spec: {
        scaleTargetRef: { name: string };
        minReplicaCount: number;
        maxReplicaCount: number;
        triggers: { type: string; metadata: { query: string } }[];
      };
    };
    expect(scaled.spec).toMatchObject({ scaleTargetRef: { name: 'mashrou-worker' }, minReplicaCount: 1 });
    expect(scaled.spec.maxReplicaCount).toBeGreaterThan(1);
    expect(scaled.spec.triggers).toHaveLength(1);
    expect(scaled.spec.triggers[0]?.type).toBe('prometheus');
    expect(scaled.spec.triggers[0]?.metadata.query).toContain('mashrou_queue_backlog{namespace="mashrou"}');
    // Files in S3: no volume shared between pods.
    expect(objects.filter((o) => o.kind === 'PersistentVolumeClaim')).toEqual([]);
    expect(find(objects, 'Ingress', 'mashrou')).toMatchObject({ spec: { tls: [{ secretName: 'mashrou-tls' }] } });
    // cert-manager's HTTP-01 solver is reachable through the default-deny policy.
    expect(find(objects, 'NetworkPolicy', 'cert-manager-http01-from-ingress')).toMatchObject({
      spec: { ingress: [{ ports: [{ port: 8089 }] }] },
    });
    // Two replicas on two nodes where there are two.
    expect((find(objects, 'Deployment', 'mashrou-api') as Workload).spec.template.spec).toMatchObject({
      topologySpreadConstraints: [{ topologyKey: 'kubernetes.io/hostname' }],
    });
  });

  it('dev: PostgreSQL, Redis (AOF, noeviction) and Mailpit in the cluster, reached only by the api, workers and migration; one shared files volume', () => {
    const objects = render('dev');
    for (const name of ['postgres', 'redis']) expect(find(objects, 'StatefulSet', name)).toBeTruthy();
    const redis = find(objects, 'StatefulSet', 'redis') as Workload;
    expect(redis.spec.template.spec.containers[0]).toMatchObject({
      args: expect.arrayContaining(['--appendonly', 'yes', '--maxmemory-policy', 'noeviction']) as unknown,
    });
    const policy = find(objects, 'NetworkPolicy', 'postgres-and-redis-from-mashrou');
    expect(policy).toMatchObject({
      spec: {
        podSelector: { matchExpressions: [{ key: 'app.kubernetes.io/component', values: ['postgres', 'redis'] }] },
        ingress: [{ from: [{ podSelector: { matchExpressions: [{ values: ['api', 'worker', 'migrate'] }] } }] }],
      },
    });
    expect(objects.filter((o) => o.kind === 'ScaledObject' || o.kind === 'Ingress')).toEqual([]);
    // With local storage the api and the worker must see one disk (the data export reads the CVs).
    for (const name of ['mashrou-api', 'mashrou-worker']) {
      const pod = (find(objects, 'Deployment', name) as Workload).spec.template.spec;
      expect(pod.volumes?.find((v) => v.name === 'files')).toEqual({
        name: 'files',
        persistentVolumeClaim: { claimName: 'mashrou-files' },
      });
      expect(pod.containers[0]?.volumeMounts).toContainEqual({ name: 'files', mountPath: '/data/files' });
    }
  });

  it('the alerts and the dashboard read only metrics the processes export, and each alert has its runbook line', () => {
    const objects = render('production');
    const rule = find(objects, 'PrometheusRule', 'mashrou') as K8sObject & {
      spec: { groups: { rules: { alert: string; expr: string }[] }[] };
    };
    const alerts = rule.spec.groups.flatMap((g) => g.rules);
    expect(alerts.map((r) => r.alert)).toEqual(
      expect.arrayContaining([
        'MashrouOutboxStuck',
        'MashrouJobsFailing',
        'MashrouQueueWait',
        'MashrouApi5xx',
        'MashrouNotReady',
      ]),
    );
    const dashboard = (find(objects, 'ConfigMap', 'mashrou-grafana-dashboard') as K8sObject & { data: Record<string, string> })
      .data['grafana-dashboard.json'];
    const exprs = [...alerts.map((r) => r.expr), dashboard ?? ''].join('\n');
    const source = readdirSync(join(BACKEND_DIR, 'src/metrics'))
      .map((f) => readFileSync(join(BACKEND_DIR, 'src/metrics', f), 'utf8'))
      .join('\n');
    const ours = [...new Set(exprs.match(/\bmashrou_[a-z_]+/g))].map((m) => m.replace(/_(bucket|count|sum)$/, ''));
    expect(ours.length).toBeGreaterThan(8);
    expect(ours.filter((m) => !source.includes(`'${m}'`))).toEqual([]);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(alerts.map((r) => r.alert).filter((a) => !readme.includes(`**${a}**`))).toEqual([]);
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<
      string,
      {
        build?: { target: string };
        command?: string[];
        environment?: Record<string, string>;
        volumes?: string[];
        healthcheck?: { test: string[] };
        depends_on?: Record<string, { condition: string }>;
      }
    >;
    volumes: Record<string, unknown>;
  };
  /** Compose's interpolation: `${X:-default}` takes the default, `${X:?message}` is set by the operator. */
  const interpolate = (env: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(env).map(([k, v]) => [
        k,
        v
          .replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1')
          .replace(/\$\{[A-Z0-9_]+:\?[^}]*\}/g, 'an-operator-chosen-secret-0123456789-abcdefghij'),
      ]),
    );

  it('every service that touches files has the shared files volume, every process of ours would start, health checks are present', () => {
    const { services } = compose;
    const app = Object.entries(services).filter(([, s]) => s.build?.target === 'app');
    expect(app.map(([n]) => n).sort()).toEqual(['api', 'migrate', 'worker']);
    for (const [name, s] of app) {
      const env = interpolate(s.environment ?? {});
      expect([name, loadConfig(env).isProduction]).toEqual([name, true]);
      // The api serves files and the worker builds exports from CVs: one disk for both (or S3).
      if (name !== 'migrate') expect([name, s.volumes]).toEqual([name, [`files:${env.STORAGE_DIR}`]]);
    }
    for (const name of ['postgres', 'redis', 'api', 'worker'])
      expect([name, services[name]?.healthcheck?.test[0]]).toEqual([name, expect.any(String)]);
    expect(services.worker?.healthcheck?.test.join(' ')).toContain('127.0.0.1:9464/health/ready');
    // A service waited on as healthy has a health check.
    for (const [name, s] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
        if (condition === 'service_healthy') expect([name, dep, Boolean(services[dep]?.healthcheck)]).toEqual([name, dep, true]);
      }
    }
    expect(Object.keys(compose.volumes)).toEqual(expect.arrayContaining(['files', 'pgdata', 'redisdata']));
  });
});

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { USER_TYPES, type Reason } from '@mashrou/contracts';

/** Spec §3 admin notification: one per signup, pending until an admin reviews it. */
export const AdminNotificationSchema = defineEntity({
  name: 'AdminNotification',
  tableName: 'admin_notifications',
  properties: {
    id: p.uuid().primary(),
    type: p.enum(['signup']),
    userId: p.uuid().nullable(),
    email: p.string(),
    fullName: p.string(),
    userType: p.enum([...USER_TYPES]),
    signupTime: p.datetime(),
    status: p.enum(['pending', 'reviewed']).default('pending'),
    reviewedAt: p.datetime().nullable(),
    reviewedBy: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type AdminNotification = InferEntity<typeof AdminNotificationSchema>;

/** An AI Recruitment invitation: a student asked to apply to a project, once per pair. */
export const InvitationSchema = defineEntity({
  name: 'Invitation',
  tableName: 'invitations',
  properties: {
    id: p.uuid().primary(),
    projectId: p.uuid(),
    studentId: p.uuid(),
    invitedBy: p.uuid().nullable(),
    score: p.integer(),
    /** Why the student was invited, as data (`Reason`); older invitations hold English text. */
    reasons: p.json<(Reason | string)[]>(),
    createdAt: p.datetime(),
  },
});

export const ADMIN_ENTITIES = [AdminNotificationSchema, InvitationSchema];

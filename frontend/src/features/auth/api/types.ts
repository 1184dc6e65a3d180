export type UserType = 'student' | 'startup' | 'admin';

export interface User {
  id: string;
  email: string;
  fullName: string;
  companyName?: string;
  userType: UserType | string;
  emailVerified: boolean;
  emailNotifications: boolean;
  onboardingComplete: boolean;
  school?: string;
  graduationYear?: number;
  whatsapp?: string;
  linkedin?: string;
  assessmentComplete: boolean;
  createdAt: string;
  updatedAt: string;
}

// How the ranking's reasons read in an email, in English and Arabic (the web app words them through
// its catalogue).
import type { ApplicationStatus, Locale, Reason } from '@mashrou/contracts';

const STATUS_WORDS: Record<Locale, Record<ApplicationStatus, string>> = {
  en: {
    submitted: 'submitted',
    under_review: 'under review',
    shortlisted: 'shortlisted',
    accepted: 'accepted',
    rejected: 'not selected',
    withdrawn: 'withdrawn',
  },
  ar: {
    submitted: 'مُرسَل',
    under_review: 'قيد المراجعة',
    shortlisted: 'في القائمة المختصرة',
    accepted: 'مقبول',
    rejected: 'لم يتم اختياره',
    withdrawn: 'مسحوب',
  },
};

/** The wording of a reason in an email, in the recipient's language (the web app words them through its catalogue). */
export function reasonText(r: Reason, locale: Locale = 'en'): string {
  return locale === 'ar' ? arabicReason(r) : englishReason(r);
}

function englishReason(r: Reason): string {
  switch (r.code) {
    case 'skills-match':
      return `${r.matched} of ${r.wanted} skills match (${r.skills})`;
    case 'skills-none':
      return `None of the ${r.wanted} skills match`;
    case 'no-skills-listed':
      return 'The project lists no skills';
    case 'text':
      return `Profile text relevant (${r.points} of ${r.of} points)`;
    case 'assessment':
      return `Assessment ${r.score}/100`;
    case 'no-assessment':
      return 'No assessment yet';
    case 'graduates':
      return `Graduates in ${r.year}`;
    case 'record':
      return `Completed ${r.completed} ${r.completed === 1 ? 'project' : 'projects'} on Mashrou`;
    case 'record-rated':
      return `Completed ${r.completed} ${r.completed === 1 ? 'project' : 'projects'} on Mashrou, rated ${r.rating}/5 by companies`;
    case 'busy':
      return 'Already accepted on another open project';
    case 'applied':
      return `Applied (${STATUS_WORDS.en[r.status]})`;
    case 'posted':
      return `Posted ${r.date}`;
    case 'already-applied':
      return 'Already applied';
  }
}

function arabicReason(r: Reason): string {
  switch (r.code) {
    case 'skills-match':
      return `تتطابق ${r.matched} من أصل ${r.wanted} من المهارات المطلوبة (${r.skills})`;
    case 'skills-none':
      return `لا تتطابق أيٌّ من المهارات المطلوبة (${r.wanted})`;
    case 'no-skills-listed':
      return 'لا يذكر المشروع أي مهارات';
    case 'text':
      return `ملفك الشخصي مرتبط بالمشروع (${r.points} من ${r.of} نقطة)`;
    case 'assessment':
      return `التقييم ${r.score}/100`;
    case 'no-assessment':
      return 'لم يُجرَ التقييم بعد';
    case 'graduates':
      return `يتخرّج في ${r.year}`;
    case 'record':
      return arabicCompleted(r.completed);
    case 'record-rated':
      return `${arabicCompleted(r.completed)}، بتقييم ${r.rating} من 5 من الشركات`;
    case 'busy':
      return 'مقبول بالفعل في مشروع مفتوح آخر';
    case 'applied':
      return `تقدّم بطلب (${STATUS_WORDS.ar[r.status]})`;
    case 'posted':
      return `نُشر في ${r.date}`;
    case 'already-applied':
      return 'تقدّم بالفعل';
  }
}

/** "Completed N projects on Mashrou" in Arabic, with the number's plural form. */
function arabicCompleted(n: number): string {
  if (n === 1) return 'أتمّ مشروعًا واحدًا على «مشروع»';
  if (n === 2) return 'أتمّ مشروعين على «مشروع»';
  const rule = new Intl.PluralRules('ar').select(n);
  if (rule === 'few') return `أتمّ ${n} مشاريع على «مشروع»`;
  if (rule === 'many') return `أتمّ ${n} مشروعًا على «مشروع»`;
  return `أتمّ ${n} مشروع على «مشروع»`;
}

import type { EmailCatalogue } from './catalogue.js';

const plural = new Intl.PluralRules('ar');

/** "N applicants", with the Arabic number agreement (متقدّم واحد، متقدّمان، 3 متقدّمين، 11 متقدّمًا، 100 متقدّم). */
function applicants(n: number): string {
  switch (plural.select(n)) {
    case 'one':
      return 'متقدّم واحد';
    case 'two':
      return 'متقدّمان';
    case 'few':
      return `${String(n)} متقدّمين`;
    case 'many':
      return `${String(n)} متقدّمًا`;
    default:
      return `${String(n)} متقدّم`;
  }
}

/** "N hours", with the Arabic number agreement (ساعتين، 3 ساعات، 24 ساعة). */
function hours(n: number): string {
  if (n === 1) return 'ساعة واحدة';
  if (n === 2) return 'ساعتين';
  if (n >= 3 && n <= 10) return `${n} ساعات`;
  return `${n} ساعة`;
}

/** "in N minutes", with the Arabic number agreement (دقيقتين، 3 دقائق، 15 دقيقة). */
function minutes(n: number): string {
  switch (plural.select(n)) {
    case 'one':
      return 'دقيقة واحدة';
    case 'two':
      return 'دقيقتين';
    case 'few':
      return `${String(n)} دقائق`;
    default:
      return `${String(n)} دقيقة`;
  }
}

/** An application's new status, as a sentence about the project (no final full stop). */
const STATUS: Record<string, (title: string) => string> = {
  under_review: (t) => `طلبك لمشروع «${t}» قيد المراجعة`,
  shortlisted: (t) => `أصبح طلبك لمشروع «${t}» ضمن القائمة المختصرة`,
  accepted: (t) => `تهانينا، تم قبول طلبك لمشروع «${t}»`,
  rejected: (t) => `لم يتم اختيارك لمشروع «${t}» هذه المرة`,
};
const status = (s: string, title: string) =>
  (Object.hasOwn(STATUS, s) ? STATUS[s] : undefined)?.(title) ?? `تم تحديث طلبك لمشروع «${title}»`;

const USER_TYPES: Record<string, string> = { startup: 'شركة', student: 'طالب', admin: 'مشرف' };
const userType = (t: string) => (Object.hasOwn(USER_TYPES, t) ? USER_TYPES[t] : undefined) ?? t;

/** The Arabic emails (Modern Standard Arabic; the brand is written «مشروع»). */
export const ar: EmailCatalogue = {
  lang: 'ar',
  dir: 'rtl',
  layout: {
    brand: 'مشروع',
    preferences: (link) => <>لا تريد هذه الرسائل؟ {link}.</>,
    preferencesLink: 'ألغِ الاشتراك، أو اختر الرسائل التي تصلك',
  },
  test: {
    subject: 'رسالة تجريبية من «مشروع»',
    preview: 'البريد الإلكتروني في «مشروع» يعمل.',
    reason: (recipient) => `وصلتك هذه الرسالة لأن أحد مشغّلي «مشروع» أرسل رسالة تجريبية إلى ${recipient}.`,
    heading: 'إرسال البريد يعمل',
    body: 'مرّت هذه الرسالة التجريبية بصندوق الصادر وقائمة المهام وخدمة البريد في «مشروع»، ووصلت إليك.',
    note: (note) => <>«{note}»</>,
    requestedAt: (at) => <>وقت الطلب: {at}</>,
  },
  verificationCode: {
    subject: (code) => `${code} هو رمز التحقق الخاص بك في «مشروع»`,
    preview: (code) => `رمز التحقق الخاص بك: ${code}`,
    reason: 'وصلتك هذه الرسالة لأن أحدهم أنشأ حسابًا على «مشروع» بعنوان البريد الإلكتروني هذا. إن لم تكن أنت، فتجاهل هذه الرسالة.',
    heading: 'أكّد بريدك الإلكتروني',
    intro: (fullName) => <>مرحبًا {fullName}، أدخل هذا الرمز في «مشروع» لتأكيد بريدك الإلكتروني:</>,
    expiry: (n) => <>تنتهي صلاحية الرمز خلال {minutes(n)}، ويمكن استخدامه مرة واحدة فقط.</>,
  },
  passwordReset: {
    subject: 'إعادة تعيين كلمة المرور في «مشروع»',
    preview: 'اختر كلمة مرور جديدة لحسابك في «مشروع»',
    reason:
      'وصلتك هذه الرسالة لأن أحدهم طلب إعادة تعيين كلمة المرور لحسابك في «مشروع». إن لم تكن أنت، فتجاهل هذه الرسالة وستبقى كلمة مرورك كما هي.',
    heading: 'إعادة تعيين كلمة المرور',
    body: (fullName, n) => (
      <>
        مرحبًا {fullName}، اتبع هذا الرابط لاختيار كلمة مرور جديدة. يعمل الرابط مرة واحدة وتنتهي صلاحيته خلال {minutes(n)}. وعند
        تعيين كلمة مرور جديدة سيُسجَّل خروجك من جميع الأجهزة.
      </>
    ),
    button: 'اختر كلمة مرور جديدة',
    pasteLink: 'أو انسخ هذا الرابط والصقه في المتصفح: ',
  },
  welcome: {
    subject: 'أهلًا بك في «مشروع»',
    preview: 'حسابك في «مشروع» جاهز',
    reason: 'وصلتك هذه الرسالة لأنك أنشأت حسابًا على «مشروع».',
    heading: (fullName) => <>أهلًا {fullName}!</>,
    next: {
      student: 'أكّد بريدك الإلكتروني، وأخبرنا عن دراستك، وأجرِ تقييم المهارات القصير — ثم تصفّح المشاريع وقدّم طلبك.',
      startup: 'أكّد بريدك الإلكتروني واحجز مكالمتك التعريفية مع فريقنا — ثم انشر مشروعك الأول.',
    },
    button: 'افتح لوحة التحكم',
  },
  adminSignup: {
    subject: (t, fullName) => `تسجيل جديد (${userType(t)}): ${fullName}`,
    preview: (fullName) => `تسجيل جديد الآن: ${fullName}`,
    reason: 'وصلتك هذه الرسالة لأنك مشرف على «مشروع» وإشعارات التسجيل مفعّلة لديك.',
    heading: 'تسجيل جديد',
    name: 'الاسم:',
    email: 'البريد الإلكتروني:',
    type: 'النوع:',
    company: 'الشركة:',
    signedUp: 'وقت التسجيل:',
    typeValue: (t) => (t === 'startup' ? 'شركة' : 'طالب'),
    button: 'افتح لوحة تحكم المشرف',
  },
  onboardingComplete: {
    subject: 'اكتمل ملفك الشخصي في «مشروع»',
    preview: 'كل شيء جاهز في «مشروع»',
    reason: 'وصلتك هذه الرسالة لأنك أكملت إعداد حسابك في «مشروع».',
    heading: (fullName) => <>كل شيء جاهز يا {fullName}</>,
    body: {
      student: 'اكتمل ملفك الشخصي. أجرِ تقييم المهارات لتتعرّف الشركات على قدراتك، ثم تصفّح المشاريع وقدّم طلبك.',
      startup: 'حساب شركتك جاهز. انشر مشروعك الأول وسنراجعه بسرعة.',
    },
    button: 'انتقل إلى لوحة التحكم',
  },
  projectReviewed: {
    subject: (title, approved) => (approved ? `مشروعك «${title}» متاح الآن` : `مشروعك «${title}» يحتاج إلى تعديلات`),
    reason: 'وصلتك هذه الرسالة لأنك نشرت هذا المشروع على منصة «مشروع».',
    heading: (approved) => (approved ? 'مشروعك متاح الآن' : 'مشروعك يحتاج إلى تعديلات'),
    body: (fullName, title, approved) => (
      <>
        مرحبًا {fullName}،{' '}
        {approved
          ? `تمت الموافقة على «${title}»، وأصبح بإمكان الطلاب العثور عليه والتقديم عليه.`
          : `لم تتم الموافقة على «${title}» بعد.`}
      </>
    ),
    rejectionReason: (reason) => <>السبب: {reason}</>,
    editAgain: 'عدّل المشروع وستتم مراجعته من جديد.',
    button: 'افتح المشروع',
  },
  applicationSubmitted: {
    subject: (title) => `متقدم جديد على «${title}»`,
    preview: (studentName, title) => `طلب جديد من ${studentName} على ${title}`,
    someStudent: 'أحد الطلاب',
    reason: 'وصلتك هذه الرسالة لأنك نشرت هذا المشروع على منصة «مشروع».',
    heading: 'متقدم جديد',
    body: (fullName, studentName, title) => (
      <>
        مرحبًا {fullName}، وصلك طلب جديد من {studentName} على «{title}». اطّلع على الملف الشخصي والتقييم والدافع على «مشروع».
      </>
    ),
    button: 'راجع المتقدمين',
  },
  applicantsSummary: {
    subject: (count) => (count === 1 ? 'متقدّم جديد على مشاريعك' : `متقدّمون جدد على مشاريعك (${String(count)})`),
    reason: 'وصلتك هذه الرسالة لأنك نشرت مشاريع على «مشروع». بعد رسالة عن متقدّم جديد، نجمع من يليه في رسالة واحدة.',
    heading: 'متقدّمون جدد',
    body: (fullName, count) => (
      <>
        مرحبًا {fullName}، {count === 1 ? 'وصلك طلب جديد آخر' : `وصلتك طلبات جديدة أخرى (${String(count)})`} منذ رسالتنا الأخيرة:
      </>
    ),
    applicant: (studentName, title) => (
      <>
        تقدّم {studentName} إلى «{title}»
      </>
    ),
    more: (count) => <>{count === 1 ? 'وطلب آخر' : `وغيرها (${String(count)})`}</>,
    button: 'راجع المتقدمين',
  },
  projectSubmitted: {
    subject: (title) => `مشروع بانتظار المراجعة: «${title}»`,
    preview: (companyName, title) => `أرسلت ${companyName} مشروع ${title}`,
    reason: 'وصلتك هذه الرسالة لأنك مشرف على منصة «مشروع» والإشعارات مفعّلة لديك.',
    heading: 'مشروع بانتظار المراجعة',
    body: (fullName, companyName, title) => (
      <>
        مرحبًا {fullName}، أرسلت {companyName} مشروع «{title}». سيراه الطلاب بعد أن يوافق عليه أحد المشرفين.
      </>
    ),
    button: 'راجع المشاريع',
  },
  newMessage: {
    subject: (sender, title) => `رسالة جديدة من ${sender} بشأن «${title}»`,
    preview: (sender) => `رسالة جديدة من ${sender}`,
    reason:
      'وصلتك هذه الرسالة لأن الإشعارات مفعّلة في حسابك على «مشروع». نرسل رسالة بريد واحدة على الأكثر لكل محادثة كل 10 دقائق.',
    heading: 'لديك رسالة جديدة',
    body: (fullName, sender, title) => (
      <>
        مرحبًا {fullName}، راسلك {sender} بشأن «{title}». اقرأها وردّ عليها على «مشروع».
      </>
    ),
    button: 'اقرأ وردّ',
  },
  applicationWithdrawn: {
    subject: (title) => `سحب أحد المتقدمين طلبه من «${title}»`,
    preview: (studentName, title) => `سحب ${studentName} طلبه على ${title}`,
    reason: 'وصلتك هذه الرسالة لأنك نشرت هذا المشروع على منصة «مشروع».',
    heading: 'تم سحب طلب',
    body: (fullName, studentName, title) => (
      <>
        مرحبًا {fullName}، سحب {studentName} طلبه على «{title}». لم يعد الطلب بحاجة إلى رد.
      </>
    ),
    button: 'اطّلع على المتقدمين',
  },
  applicationStatus: {
    subject: (title, s) => status(s, title),
    reason: 'وصلتك هذه الرسالة لأنك تقدّمت إلى هذا المشروع على منصة «مشروع».',
    heading: 'تحديث على طلبك',
    body: (fullName, title, s) => (
      <>
        مرحبًا {fullName}، {status(s, title)}.
      </>
    ),
    note: (notes) => <>ملاحظة من الشركة: {notes}</>,
    contact: (companyName, fullName, email) => (
      <>
        جهة التواصل في {companyName}: {fullName}، <span dir="ltr">{email}</span>. راسلها للاتفاق على الخطوات التالية.
      </>
    ),
    button: 'اطّلع على طلباتك',
  },
  candidateInvited: {
    subject: (title) => `دعوة للتقديم على «${title}»`,
    preview: (companyName) => `${companyName} تبحث عن شخص مثلك`,
    reason: 'وصلتك هذه الرسالة لأن فريق «مشروع» وجد أن ملفك الشخصي يناسب هذا المشروع.',
    heading: 'مشروع يناسبك',
    body: (fullName, title, companyName) => (
      <>
        مرحبًا {fullName}، يرى فريق «مشروع» أن ملفك يناسب تمامًا مشروع «{title}» لدى {companyName}، ويدعوك للتقديم عليه.
      </>
    ),
    why: (reasons) => <>لماذا اخترناك: {reasons}</>,
    button: 'اطّلع على المشروع',
  },
  applicationsClosed: {
    subject: (title) => `أُغلق باب التقديم على «${title}»`,
    reason: 'وصلتك هذه الرسالة لأنك تقدّمت إلى هذا المشروع على «مشروع».',
    heading: 'أُغلق باب التقديم',
    body: (fullName, title, company, cause) =>
      cause === 'deadline' ? (
        <>
          مرحبًا {fullName}، بلغ «{title}» موعده النهائي ولم يعد يستقبل طلبات. طلبك ما زال لدى {company} ويمكنها الرد عليه،
          وسنراسلك حين تفعل.
        </>
      ) : (
        <>
          مرحبًا {fullName}، أغلق فريق «مشروع» «{title}» فلم يعد يستقبل طلبات، ولن يمضي طلبك إليه أبعد من ذلك.
        </>
      ),
    button: 'اطّلع على طلباتك',
  },
  projectNotice: {
    subject: (title, kind) =>
      ({
        deadline: `أُغلق باب التقديم على «${title}» في موعده النهائي`,
        closed: `أغلق فريق «مشروع» مشروعك «${title}»`,
        reopened: `مشروعك «${title}» مفتوح من جديد`,
        edited: `صحّحنا إعلان «${title}»`,
      })[kind],
    reason: 'وصلتك هذه الرسالة لأنك نشرت هذا المشروع على «مشروع».',
    heading: (kind) =>
      ({
        deadline: 'أُغلق باب التقديم',
        closed: 'أُغلق مشروعك',
        reopened: 'مشروعك مفتوح من جديد',
        edited: 'صحّحنا إعلانك',
      })[kind],
    body: (fullName, title, kind) => (
      <>
        مرحبًا {fullName}،{' '}
        {
          {
            deadline: `بلغ «${title}» موعده النهائي، فلم يعد بإمكان الطلاب التقديم.`,
            closed: `أغلق أحد مشرفي «مشروع» «${title}»: لم يعد بإمكان الطلاب التقديم.`,
            reopened: `أعاد أحد مشرفي «مشروع» فتح «${title}»: يمكن للطلاب التقديم من جديد.`,
            edited: `صحّح أحد مشرفي «مشروع» صياغة «${title}».`,
          }[kind]
        }
      </>
    ),
    waiting: (count) => <>ينتظر ردّك {applicants(count)}.</>,
    adminReason: (reason) => <>السبب: {reason}</>,
    changed: (fields) => <>ما تغيّر: {fields}</>,
    fieldNames: {
      title: 'العنوان',
      description: 'الوصف',
      location: 'الموقع',
      requirements: 'المتطلبات',
      responsibilities: 'المسؤوليات',
      qualifications: 'المؤهلات',
    },
    button: 'افتح المشروع',
  },
  waitingDigest: {
    subject: (count) => `ينتظر ${applicants(count)} منذ أكثر من أسبوع`,
    reason: 'وصلك هذا الملخص الأسبوعي لأنك نشرت مشاريع على «مشروع».',
    heading: 'متقدّمون ينتظرون ردّك',
    body: (fullName, count) => (
      <>
        مرحبًا {fullName}، ينتظر {applicants(count)} ردّك منذ أكثر من 7 أيام. حتى الرفض يساعدهم على المضي قدمًا.
      </>
    ),
    project: (title, count) => (
      <>
        {title}: {applicants(count)}
      </>
    ),
    button: 'ردّ على المتقدّمين',
  },
  emailChangeCode: {
    subject: (code) => `${code} رمز تغيير بريدك الإلكتروني في «مشروع»`,
    preview: 'أكّد عنوان بريدك الإلكتروني الجديد في «مشروع»',
    reason:
      'وصلتك هذه الرسالة لأن أحدهم طلب نقل حساب في «مشروع» إلى هذا العنوان. إن لم تكن أنت، فتجاهل هذه الرسالة ولن يتغير شيء.',
    heading: 'أكّد بريدك الإلكتروني الجديد',
    intro: (fullName) => <>مرحبًا {fullName}، أدخل هذا الرمز في الإعدادات على «مشروع» لاستخدام هذا العنوان لحسابك:</>,
    expiry: (n) => <>تنتهي صلاحية الرمز خلال {minutes(n)}، ويمكن استخدامه مرة واحدة فقط.</>,
  },
  providerLinkCode: {
    subject: (code, provider) => `${code} رمز ربط ${provider} بحسابك في «مشروع»`,
    preview: (provider) => `أكّد أنك صاحب الحساب قبل ربط ${provider} بحسابك في «مشروع»`,
    reason: (provider) =>
      `وصلتك هذه الرسالة لأن أحدهم سجّل الدخول عبر ${provider} بعنوان البريد هذا وطلب ربطه بحسابك في «مشروع». إن لم تكن أنت، فتجاهل هذه الرسالة ولن يتغير شيء.`,
    heading: 'أكّد أنك صاحب الحساب',
    intro: (fullName, provider) => (
      <>
        مرحبًا {fullName}، أدخل هذا الرمز في صفحة تسجيل الدخول على «مشروع» لربط {provider} بحسابك. بعد ذلك يمكنك تسجيل الدخول عبر{' '}
        {provider} أو بكلمة المرور.
      </>
    ),
    expiry: (n) => <>تنتهي صلاحية الرمز خلال {minutes(n)}، ويمكن استخدامه مرة واحدة فقط.</>,
  },
  emailChanged: {
    subject: 'تم تغيير بريدك الإلكتروني في «مشروع»',
    preview: 'أصبح حسابك يستخدم عنوان بريد إلكتروني جديدًا',
    reason: 'وصلتك هذه الرسالة لأن هذا العنوان كان البريد الإلكتروني لحساب في «مشروع» حتى الآن.',
    heading: 'تم تغيير عنوان بريدك الإلكتروني',
    body: (fullName, hint) => (
      <>
        مرحبًا {fullName}، أصبح تسجيل الدخول إلى حسابك في «مشروع» بالعنوان <span dir="ltr">{hint}</span>، وستصل رسائل الحساب إليه
        من الآن فصاعدًا.
      </>
    ),
    notYou: (days) => (
      <>
        إن لم تكن أنت من أجرى هذا التغيير، فاستعد حسابك بالزر أدناه: تختار كلمة مرور جديدة، ويُسجَّل خروج كل من دخل إلى الحساب، ويعود
        الحساب إلى استخدام هذا العنوان. يعمل الرابط مدة {days} أيام، حتى لو غُيّرت كلمة المرور في هذه الأثناء.
      </>
    ),
    button: 'استعادة حسابي',
    pasteLink: 'أو انسخ هذا الرابط والصقه في المتصفح: ',
  },
  dataExportReady: {
    subject: 'نسخة بياناتك في «مشروع» جاهزة للتنزيل',
    preview: 'نسخة من كل ما نحتفظ به عن حسابك',
    reason: 'وصلتك هذه الرسالة لأنك طلبت نسخة من بياناتك من الإعدادات في «مشروع».',
    heading: 'بياناتك جاهزة',
    body: (fullName, n) => (
      <>
        مرحبًا {fullName}، نسخة بياناتك جاهزة: ملف مضغوط فيه حسابك وملفك الشخصي ونشاطك في ملف بيانات منظَّم، وملفاتك. يعمل الرابط لك
        وأنت مسجّل الدخول لمدة {hours(n)}.
      </>
    ),
    button: 'تنزيل بياناتي',
    pasteLink: 'أو انسخ هذا الرابط والصقه في المتصفح: ',
  },
  projectClosed: {
    subject: 'أُغلق مشروع تقدّمت إليه',
    preview: 'غادرت الشركة «مشروع»، لذا أُغلق المشروع',
    reason: 'وصلتك هذه الرسالة لأنك تقدّمت إلى هذا المشروع في «مشروع» وكنت تنتظر ردًّا.',
    heading: 'أُغلق هذا المشروع',
    body: (fullName, title) => (
      <>
        مرحبًا {fullName}، غادرت الشركة صاحبة مشروع «{title}» منصة «مشروع»، لذا أُغلق المشروع ولن يصلك ردّ على طلبك. قد تناسبك مشاريع
        أخرى بالقدر نفسه.
      </>
    ),
    button: 'تصفّح المشاريع',
  },
  deliverableSubmitted: {
    subject: (student, milestone) => `سلّم ${student} «${milestone}»`,
    preview: (student) => `سلّم ${student} عملًا لتراجعه`,
    reason: 'وصلتك هذه الرسالة لأن الإشعارات مفعّلة في حسابك على «مشروع».',
    heading: 'عمل بانتظار مراجعتك',
    body: (fullName, student, milestone, title) => (
      <>
        مرحبًا {fullName}، سلّم {student} «{milestone}» في «{title}». اقبله أو اطلب تعديلات على «مشروع».
      </>
    ),
    button: 'راجع العمل',
  },
  deliverableReviewed: {
    subject: (milestone, accepted) => (accepted ? `قُبل «${milestone}»` : `طُلبت تعديلات على «${milestone}»`),
    preview: (company, accepted) => (accepted ? `قبلت ${company} عملك` : `طلبت ${company} تعديلات`),
    reason: 'وصلتك هذه الرسالة لأن الإشعارات مفعّلة في حسابك على «مشروع».',
    heading: (accepted) => (accepted ? 'قُبل عملك' : 'طُلبت تعديلات'),
    body: (fullName, company, milestone, title, accepted) =>
      accepted ? (
        <>
          مرحبًا {fullName}، قبلت {company} «{milestone}» في «{title}». أحسنت.
        </>
      ) : (
        <>
          مرحبًا {fullName}، طلبت {company} تعديلات على «{milestone}» في «{title}». اقرأ ملاحظاتها وسلّمه مجددًا على «مشروع».
        </>
      ),
    button: 'افتح مساحة العمل',
  },
  milestoneOverdue: {
    subject: (milestone) => `تأخّر تسليم «${milestone}»`,
    preview: (milestone) => `فات موعد تسليم «${milestone}»`,
    reason: 'وصلتك هذه الرسالة لأن الإشعارات مفعّلة في حسابك على «مشروع». نذكّرك مرة واحدة لكل مرحلة.',
    heading: 'مرحلة متأخرة',
    student: (fullName, milestone, title, due, company) => (
      <>
        مرحبًا {fullName}، كان موعد تسليم «{milestone}» في «{title}» يوم {due}. سلّم عملك، أو راسل {company} إن احتجت وقتًا إضافيًا.
      </>
    ),
    company: (fullName, student, milestone, title, due) => (
      <>
        مرحبًا {fullName}، لم يسلّم {student} «{milestone}» في «{title}»، وكان موعده يوم {due}. يمكنك مراسلته، أو تحديد موعد جديد
        للمرحلة ما دام لم يُسلَّم شيء.
      </>
    ),
    button: 'افتح مساحة العمل',
  },
  engagementEnded: {
    subject: (title, completed) => (completed ? `اكتمل «${title}»` : `أُنهي «${title}» مبكرًا`),
    preview: (company, completed) => (completed ? `أعلنت ${company} اكتمال مشروعك` : `أنهت ${company} مشروعك مبكرًا`),
    reason: 'وصلتك هذه الرسالة لأن الإشعارات مفعّلة في حسابك على «مشروع».',
    heading: (completed) => (completed ? 'اكتمل مشروعك' : 'أُنهي مشروعك مبكرًا'),
    body: (fullName, company, title, completed) =>
      completed ? (
        <>
          مرحبًا {fullName}، أعلنت {company} اكتمال «{title}»: قُبلت كل المراحل. تهانينا. يمكنك الآن تقييم الشركة؛ ويظهر تقييمها
          لعملك بعد أن تكتب تقييمك، أو بعد 14 يومًا.
        </>
      ) : (
        <>
          مرحبًا {fullName}، أنهت {company} «{title}» قبل قبول كل المراحل. لا يزال بإمكانك تقييم الشركة؛ ويظهر تقييمها لعملك بعد أن
          تكتب تقييمك، أو بعد 14 يومًا.
        </>
      ),
    reasonLabel: 'سببها:',
    button: 'افتح مساحة العمل',
  },
  searchDigest: {
    subject: (count) =>
      count === 1
        ? 'مشروع جديد يطابق عمليات البحث المحفوظة'
        : count === 2
          ? 'مشروعان جديدان يطابقان عمليات البحث المحفوظة'
          : count <= 10
            ? `${String(count)} مشاريع جديدة تطابق عمليات البحث المحفوظة`
            : `${String(count)} مشروعًا جديدًا يطابق عمليات البحث المحفوظة`,
    reason: 'وصلتك هذه الرسالة لأنك طلبت رسالة يومية لبحث محفوظ. يمكنك إيقافها على «مشروع».',
    heading: 'مشاريع جديدة لعمليات البحث المحفوظة',
    body: (fullName) => <>مرحبًا {fullName}، اعتُمدت هذه المشاريع منذ رسالتك الأخيرة وهي تطابق ما تبحث عنه:</>,
    more: (count) => (
      <>
        {count === 1
          ? 'ومشروع آخر على «مشروع»'
          : count === 2
            ? 'ومشروعان آخران على «مشروع»'
            : `ومشاريع أخرى (${String(count)}) على «مشروع»`}
      </>
    ),
    project: (title, company) => (
      <>
        {title} — {company}
      </>
    ),
    button: 'تصفّح المشاريع',
  },
};

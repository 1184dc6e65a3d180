/**
 * The assessment and the suggested skills in Arabic, by question id and option id (question-bank.ts
 * holds the questions and their scoring). Options that are numbers or formulas stay as they are.
 * question-bank.spec.ts fails when one is missing.
 */

export interface ArabicQuestion {
  prompt: string;
  options: Record<string, string>;
}

export const QUESTIONS_AR: Record<string, ArabicQuestion> = {
  ps1: {
    prompt: 'قبل يومين من الموعد النهائي، تبيّن لك أن مهمة كُلّفت بها أكبر بكثير مما توقّعت. ما أول ما تفعله؟',
    options: {
      a: 'أعمل طوال الليل لإنهاء كل شيء',
      b: 'أُبلغ قائد المشروع، وأقترح ما يمكن تسليمه في الموعد وما يمكن أن يأتي لاحقًا',
      c: 'أسلّم ما أنجزته دون أن أقول شيئًا',
      d: 'أقسّم المهمة وأبدأ بالأجزاء الأسهل',
    },
  },
  ps2: {
    prompt: 'متتالية أعداد: 2، 6، 12، 20، 30، … ما العدد التالي؟',
    options: { a: '40', b: '42', c: '44', d: '36' },
  },
  ps3: {
    prompt: 'انخفض عدد المسجّلين في موقع إلكتروني إلى النصف الأسبوع الماضي. ما أفضل خطوة أولى؟',
    options: {
      a: 'إعادة تصميم صفحة التسجيل',
      b: 'التحقق ممّا تغيّر الأسبوع الماضي، ومعرفة المرحلة التي يتوقف عندها الناس أثناء التسجيل',
      c: 'زيادة الإنفاق على الإعلانات',
      d: 'سؤال بعض الأصدقاء عن رأيهم في الموقع',
    },
  },
  co1: {
    prompt: 'تحتاج إلى قرار من مدير مشغول. كيف تكتب رسالتك؟',
    options: {
      a: 'تقرير مفصّل يبدأ بكل المعلومات الخلفية',
      b: 'القرار المطلوب والخيارات المتاحة في السطور الأولى، والتفاصيل بعدها',
      c: 'رسالة قصيرة «هل يمكننا التحدث؟» دون أي سياق',
      d: 'قائمة بأسئلة تحتاج إلى إجابة',
    },
  },
  co2: {
    prompt: 'قدّم لك عميل ملاحظات لا تتفق معها. ما أفضل رد؟',
    options: {
      a: 'تطبيق الملاحظات دون أي تعليق',
      b: 'شكر العميل، وشرح وجهة نظرك بالأدلة، والاتفاق معه على طريقة للمضي قدمًا',
      c: 'تجاهل الملاحظات',
      d: 'الطلب من قائد الفريق أن يرد نيابةً عنك',
    },
  },
  te1: {
    prompt: 'ما أفضل طريقة للاحتفاظ بعدة نسخ من عملك والتعاون عليه مع الآخرين؟',
    options: {
      a: 'إرسال الملفات بالبريد الإلكتروني بأسماء مثل final_v2_really_final',
      b: 'نظام لإدارة الإصدارات مثل Git',
      c: 'مجلد مشترك يكتب فيه الجميع فوق ملفات بعضهم',
      d: 'نسخة واحدة على ذاكرة USB',
    },
  },
  te2: {
    prompt: 'في جدول بيانات، يجب حساب متوسط العمود B فقط في الصفوف التي يحتوي فيها العمود A على «Paid». أيّها تستخدم؟',
    options: { a: 'SUM(B:B)', b: 'AVERAGEIF(A:A, "Paid", B:B)', c: 'COUNT(B:B)', d: 'الحساب يدويًا' },
  },
  te3: {
    prompt: 'صفحة ويب تُحمَّل ببطء على الهاتف المحمول. ما أول شيء تتحقق منه؟',
    options: {
      a: 'حجم الصور والسكربتات التي تنزّلها الصفحة',
      b: 'نظام الألوان',
      c: 'أحجام الخطوط',
      d: 'ما إذا كان الهاتف حديثًا بما يكفي',
    },
  },
  tw1: {
    prompt: 'زميل في الفريق يتأخر باستمرار عن مواعيد التسليم، ما يؤخّر الجزء الخاص بك. ماذا تفعل؟',
    options: {
      a: 'أنجز الجزء الخاص به بنفسي دون إخبار أحد',
      b: 'أتحدث معه على انفراد لأفهم السبب ونتفق على خطة، وأُشرك قائد الفريق إذا استمر الأمر',
      c: 'أشتكي إلى بقية أعضاء الفريق',
      d: 'أُبلغ قائد الفريق فورًا',
    },
  },
  tw2: {
    prompt: 'يختلف فريقك حول النهج الذي يجب اتباعه. ما الذي يساعد أكثر؟',
    options: {
      a: 'الأخذ برأي صاحب الصوت الأعلى',
      b: 'الاتفاق أولًا على معايير النجاح، ثم مقارنة الخيارات بها، ثم اتخاذ القرار',
      c: 'ترك كل شخص يعمل بطريقته الخاصة',
      d: 'التصويت فورًا',
    },
  },
};

/**
 * The suggested skills' Arabic labels, by their canonical English value (names of tools stay as they
 * are): these keys, in this order, are the suggested skills (question-bank.ts SUGGESTED_SKILLS).
 */
export const SKILL_LABELS_AR = {
  JavaScript: 'JavaScript',
  TypeScript: 'TypeScript',
  Python: 'Python',
  React: 'React',
  'Node.js': 'Node.js',
  SQL: 'SQL',
  'Data analysis': 'تحليل البيانات',
  Excel: 'Excel',
  'UI/UX design': 'تصميم واجهات وتجربة المستخدم (UI/UX)',
  Figma: 'Figma',
  'Graphic design': 'التصميم الجرافيكي',
  'Content writing': 'كتابة المحتوى',
  Copywriting: 'الكتابة الإعلانية',
  'Social media': 'إدارة وسائل التواصل الاجتماعي',
  'Digital marketing': 'التسويق الرقمي',
  SEO: 'تحسين محركات البحث (SEO)',
  'Market research': 'أبحاث السوق',
  Sales: 'المبيعات',
  'Business development': 'تطوير الأعمال',
  'Financial modelling': 'النمذجة المالية',
  Accounting: 'المحاسبة',
  'Project management': 'إدارة المشاريع',
  'Machine learning': 'تعلّم الآلة',
  'Mobile development': 'تطوير تطبيقات الجوال',
  'Video editing': 'مونتاج الفيديو',
  Photography: 'التصوير الفوتوغرافي',
  'Translation (Arabic/English)': 'الترجمة (عربي/إنجليزي)',
  'Public speaking': 'التحدث أمام الجمهور',
  'Customer support': 'دعم العملاء',
  Operations: 'إدارة العمليات',
} as const;

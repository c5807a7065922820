/** The console's languages: Chinese first, English second. */
export type Locale = 'zh-CN' | 'en';

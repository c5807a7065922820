/** The zh-CN catalogue: every text the console shows. English lives beside it in en.ts. */
export const zhCN = {
  'app.name': '校园一卡通管理平台',
  'app.shortName': '一卡通',
  'app.slogan': '学校一卡通、订餐、缴费、门禁与后勤的一站式管理后台',
  'app.copyright': 'Copyright © 2026 示例学校 版权所有',
  'app.icp': '京ICP备00000000号-1',

  'common.ok': '确定',
  'common.cancel': '取消',
  'common.loading': '加载中…',
  'common.backHome': '返回首页',
  'common.notice': '系统提示',
  'common.home': '首页',

  'login.title': '账号密码登录',
  'login.username': '用户名',
  'login.password': '密码',
  'login.usernamePlaceholder': '请输入用户名',
  'login.passwordPlaceholder': '请输入密码',
  'login.usernameRequired': '请输入用户名',
  'login.passwordRequired': '请输入密码',
  'login.submit': '登录',
  'login.submitting': '登录中…',
  'login.register': '注册账户',
  'login.forgot': '忘记密码',
  'login.welcome': '欢迎回来',
  'login.noDepart': '您尚未设置部门信息!',

  'register.title': '注册账户',
  'register.notYet': '自助注册尚未开放，请联系学校管理员为您开通账号。',
  'registerResult.title': '注册结果',
  'registerResult.notYet': '自助注册尚未开放，暂无注册结果可显示。',
  'alteration.title': '找回密码',
  'alteration.notYet': '在线找回密码尚未开放，请联系学校管理员重置密码。',
  'user.backToLogin': '返回登录',

  'header.toggleMenu': '展开/收起菜单',
  'header.logout': '退出登录',
  'header.logoutTitle': '提示',
  'header.logoutConfirm': '真的要注销登录吗 ?',
  'header.logoutFailed': '退出登录失败',
  'header.language': 'English',
  'header.account': '个人中心',

  'greeting.morning': '早上好',
  'greeting.forenoon': '上午好',
  'greeting.noon': '中午好',
  'greeting.afternoon': '下午好',
  'greeting.evening': '晚上好',

  'home.welcome': '欢迎使用校园一卡通管理平台',
  'home.totalVisits': '累计登录次数',
  'home.todayVisits': '今日登录次数',
  'home.todayIps': '今日登录 IP 数',
  'home.lastSevenDays': '近 7 日登录情况',
  'home.visits': '登录次数',
  'home.ips': 'IP 数',
  'home.noData': '暂无数据',
  'home.yourDepart': '当前部门',

  'test.title': '测试页',
  'test.body': '这是测试页面，用于确认路由和布局工作正常。',

  'notFound.title': '404',
  'notFound.body': '抱歉，您访问的页面不存在。',

  'module.notFound': '页面组件不存在',
  'module.notFoundHint': '此菜单指向的页面组件尚未提供：',
  'module.chunkFailed': '页面加载失败',
  'module.chunkFailedHint': '页面脚本加载失败或超时，请检查网络后刷新重试。',
  'module.reload': '重新加载',

  'http.forbidden': '拒绝访问',
  'http.notFound': '很抱歉，资源未找到!',
  'http.timeout': '网络超时',
  'http.unauthorized': '未授权，请重新登录',
  'http.expiredTitle': '登录已过期',
  'http.expiredBody': '很抱歉，登录已过期，请重新登录',
  'http.expiredOk': '重新登录',
  'http.network': '网络异常，请检查网络连接',

  'guard.permissionsEmpty': 'getPermissionList: permissions must be a non-null array !',

  'field.workNo': '学号',

  'page.userAnnouncement': '我的消息',
} as const;

export type MessageKey = keyof typeof zhCN;

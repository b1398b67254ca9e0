# Hand-written catalog data for Aviqo (com.example.fly); writes ../catalog.json.
import json, os
L = ["en", "es", "fr", "zh-Hans", "hi", "ar"]
def loc(en, es, fr, zh, hi, ar):
    return {"en": en, "es": es, "fr": fr, "zh-Hans": zh, "hi": hi, "ar": ar}
def syn(**kw):
    m = {"zh": "zh-Hans"}
    return {m.get(k, k): v for k, v in kw.items() if v}
def opt(i, t, s=None):
    d = {"id": i, "title": t}
    if s: d["synonyms"] = s
    return d
def case(r, t, s=None):
    d = {"rawValue": r, "title": t}
    if s: d["synonyms"] = s
    return d
def ph(en, es, fr, zh, hi, ar):
    return loc(en, es, fr, zh, hi, ar)

trips = [
  opt("trip-lisbon-weekend", loc("Lisbon weekend", "fin de semana en Lisboa", "week-end à Lisbonne", "里斯本周末", "लिस्बन वीकेंड", "عطلة لشبونة"),
      syn(en=["Lisbon"], es=["Lisboa"], fr=["Lisbonne"], zh=["里斯本"], hi=["लिस्बन"], ar=["لشبونة"])),
  opt("trip-tokyo-business", loc("Tokyo business trip", "viaje de negocios a Tokio", "voyage d'affaires à Tokyo", "东京出差", "टोक्यो बिज़नेस ट्रिप", "رحلة العمل إلى طوكيو"),
      syn(en=["Tokyo trip"], es=["Tokio"], fr=["Tokyo"], zh=["东京"], hi=["टोक्यो"], ar=["طوكيو"])),
  opt("trip-flight-xa454", loc("flight XA 454", "vuelo XA 454", "vol XA 454", "XA454航班", "फ़्लाइट XA 454", "الرحلة XA 454"),
      syn(en=["XA 454"], es=["XA 454"], fr=["XA 454"], zh=["XA454"], hi=["XA 454"], ar=["XA 454"])),
  opt("trip-mums-birthday", loc("Mum's birthday", "cumpleaños de mamá", "anniversaire de maman", "妈妈的生日", "मम्मी का बर्थडे", "عيد ميلاد ماما"),
      syn(en=["Mom's birthday"], es=["cumple de mamá"], fr=["l'anniversaire de maman"], zh=["妈妈生日"], hi=["माँ का जन्मदिन"], ar=["عيد ميلاد أمي"])),
  opt("trip-marrakech-holiday", loc("Marrakech holiday", "vacaciones en Marrakech", "vacances à Marrakech", "马拉喀什度假", "मराकेश हॉलिडे", "عطلة مراكش")),
]

cat = {
  "format": "phrasematch-catalog", "version": 1, "developmentLocale": "en", "locales": L,
  "app": {"id": "com.example.fly",
          "name": loc("Aviqo", "Aviqo", "Aviqo", "爱飞客", "एविको", "أفيكو"),
          "alternativeNames": [{"name": loc("Jetlio", "Jetlio", "Jetlio", "捷旅", "जेटलियो", "جيتليو"),
                                "pronunciationHint": loc("jet lee oh", "yet lio", "djète lio", "jié lǚ", "जेट लियो", "جيت ليو")}]},
  "enums": {
    "SeatType": {"cases": [
      case("window", loc("window seat", "ventanilla", "un hublot", "靠窗座位", "विंडो सीट", "مقعد بجانب النافذة"),
           syn(en=["window"], es=["ventana"], fr=["côté hublot"], zh=["靠窗"], hi=["खिड़की वाली सीट"], ar=["النافذة"])),
      case("aisle", loc("aisle seat", "pasillo", "un couloir", "靠过道座位", "आइल सीट", "مقعد بجانب الممر"),
           syn(en=["aisle"], fr=["côté couloir"], zh=["靠走廊座位"], hi=["गलियारे वाली सीट"], ar=["الممر"])),
      case("extra_legroom", loc("extra legroom seat", "espacio extra para las piernas", "plus d'espace pour les jambes", "加长腿部空间座位", "एक्स्ट्रा लेगरूम सीट", "مقعد بمساحة إضافية للأرجل"),
           syn(en=["extra legroom"], es=["más espacio para las piernas"], fr=["un siège avec plus d'espace"], zh=["大空间座位"], hi=["ज़्यादा लेगरूम वाली सीट"], ar=["مساحة إضافية للأرجل"]))]},
    "BagType": {"cases": [
      case("cabin", loc("cabin bag", "equipaje de mano", "un bagage cabine", "手提行李", "केबिन बैग", "حقيبة مقصورة"),
           syn(en=["carry-on"], es=["maleta de cabina"], fr=["un bagage à main"], zh=["登机箱"], hi=["हैंड बैग"], ar=["حقيبة يد"])),
      case("checked_23kg", loc("checked bag 23 kg", "maleta facturada de 23 kg", "un bagage en soute de 23 kg", "23公斤托运行李", "23 किलो चेक्ड बैग", "حقيبة مسجلة 23 كغ"),
           syn(en=["checked bag"], es=["maleta facturada"], fr=["une valise en soute"], zh=["托运行李"], hi=["चेक्ड बैग"], ar=["حقيبة مشحونة"])),
      case("sports", loc("sports equipment", "equipamiento deportivo", "un équipement sportif", "运动器材", "स्पोर्ट्स का सामान", "معدات رياضية"),
           syn(en=["skis"], es=["material deportivo"], fr=["des skis"], zh=["滑雪板"], hi=["खेल का सामान"], ar=["أدوات رياضية"]))]},
    "MealType": {"cases": [
      case("vegetarian", loc("vegetarian", "vegetariano", "végétarien", "素食", "शाकाहारी", "وجبة نباتية"),
           syn(en=["veggie"], es=["vegetal"], fr=["végé"], zh=["素餐"], hi=["वेज"], ar=["نباتية"])),
      case("halal", loc("halal", "halal", "halal", "清真餐", "हलाल", "وجبة حلال"), syn(zh=["清真"], ar=["حلال"])),
      case("kosher", loc("kosher", "kosher", "casher", "犹太洁食", "कोशर", "وجبة كوشر"), syn(fr=["kasher"], zh=["犹太餐"], ar=["كوشر"])),
      case("child", loc("child", "infantil", "enfant", "儿童餐", "बच्चों वाला", "وجبة أطفال"),
           syn(en=["kids"], es=["para niños"], zh=["小孩餐"], hi=["बच्चों का"], ar=["أطفال"]))]}},
  "entities": {"TripEntity": {"options": trips}},
  "shortcuts": [
    {"intent": "ShowBoardingPassIntent", "shortTitle": loc("Boarding Pass", "Tarjeta de embarque", "Carte d'embarquement", "登机牌", "बोर्डिंग पास", "بطاقة الصعود"),
     "systemImageName": "qrcode", "parameters": {"trip": {"type": "TripEntity"}},
     "phrases": ph(["Show my boarding pass for ${trip} in ${applicationName}", "${applicationName}, boarding pass for ${trip}"],
                   ["Muestra mi tarjeta de embarque del ${trip} en ${applicationName}", "${applicationName}, tarjeta de embarque de ${trip}"],
                   ["Montre ma carte d'embarquement pour ${trip} dans ${applicationName}", "${applicationName}, carte d'embarquement ${trip}"],
                   ["在${applicationName}中显示${trip}的登机牌", "用${applicationName}打开${trip}的登机牌"],
                   ["${applicationName} में ${trip} का बोर्डिंग पास दिखाओ", "${applicationName}, ${trip} का बोर्डिंग पास"],
                   ["اعرض بطاقة صعود ${trip} في ${applicationName}", "${applicationName}، بطاقة الصعود ل${trip}"])},
    {"intent": "CheckInIntent", "shortTitle": loc("Check In", "Check-in", "Enregistrement", "值机", "चेक इन", "تسجيل الوصول"),
     "systemImageName": "checkmark.seal", "parameters": {},
     "phrases": ph(["Check in for my next flight with ${applicationName}", "Check me in on ${applicationName}"],
                   ["Haz el check-in de mi próximo vuelo con ${applicationName}", "Hazme el check-in en ${applicationName}"],
                   ["Enregistre-moi sur mon prochain vol avec ${applicationName}", "Fais mon enregistrement dans ${applicationName}"],
                   ["用${applicationName}为我的下一趟航班办理值机", "在${applicationName}上帮我值机"],
                   ["${applicationName} से मेरी अगली फ़्लाइट के लिए चेक इन करो", "${applicationName} में मेरा चेक इन कर दो"],
                   ["سجل وصولي لرحلتي القادمة ب${applicationName}", "اعمل تسجيل الوصول في ${applicationName}"])},
    {"intent": "FlightStatusIntent", "shortTitle": loc("Flight Status", "Estado del vuelo", "Statut du vol", "航班状态", "फ़्लाइट स्टेटस", "حالة الرحلة"),
     "systemImageName": "airplane", "parameters": {},
     "phrases": ph(["What's my flight status in ${applicationName}", "Is my flight on time in ${applicationName}"],
                   ["Cuál es el estado de mi vuelo en ${applicationName}", "Mi vuelo sale a tiempo según ${applicationName}"],
                   ["Quel est le statut de mon vol dans ${applicationName}", "Mon vol est-il à l'heure dans ${applicationName}"],
                   ["在${applicationName}中查看航班状态", "${applicationName}我的航班准点吗"],
                   ["${applicationName} में मेरी फ़्लाइट का स्टेटस बताओ", "${applicationName} में क्या मेरी फ़्लाइट टाइम पर है"],
                   ["ما حالة رحلتي في ${applicationName}", "هل رحلتي في موعدها في ${applicationName}"])},
    {"intent": "ChooseSeatIntent", "shortTitle": loc("Choose Seat", "Elegir asiento", "Choisir une place", "选座", "सीट चुनें", "اختيار المقعد"),
     "systemImageName": "carseat.right", "parameters": {"seat": {"type": "SeatType"}},
     "phrases": ph(["Change my seat to ${seat} in ${applicationName}", "Choose ${seat} with ${applicationName}"],
                   ["Cambia mi asiento a ${seat} en ${applicationName}", "Quiero ${seat} en ${applicationName}"],
                   ["Change ma place pour ${seat} dans ${applicationName}", "Je veux ${seat} avec ${applicationName}"],
                   ["在${applicationName}中把座位换成${seat}", "用${applicationName}选${seat}"],
                   ["${applicationName} में मेरी सीट ${seat} कर दो", "${applicationName} से ${seat} चुनो"],
                   ["غير مقعدي إلى ${seat} في ${applicationName}", "اختر ${seat} في ${applicationName}"])},
    {"intent": "AddBagIntent", "shortTitle": loc("Add Bag", "Añadir equipaje", "Ajouter un bagage", "添加行李", "बैग जोड़ें", "إضافة حقيبة"),
     "systemImageName": "suitcase", "parameters": {"bag": {"type": "BagType"}},
     "phrases": ph(["Add ${bag} to my booking in ${applicationName}", "${applicationName}, add ${bag}"],
                   ["Añade ${bag} a mi reserva en ${applicationName}", "${applicationName}, añade ${bag}"],
                   ["Ajoute ${bag} à ma réservation dans ${applicationName}", "${applicationName}, ajoute ${bag}"],
                   ["在${applicationName}中添加${bag}", "用${applicationName}给我的预订加${bag}"],
                   ["${applicationName} में मेरी बुकिंग में ${bag} जोड़ो", "${applicationName}, ${bag} जोड़ दो"],
                   ["أضف ${bag} إلى حجزي في ${applicationName}", "${applicationName}، أضف ${bag}"])},
    {"intent": "TrackLuggageIntent", "shortTitle": loc("Track Luggage", "Rastrear equipaje", "Suivre mes bagages", "追踪行李", "सामान ट्रैक करें", "تتبع الأمتعة"),
     "systemImageName": "location.magnifyingglass", "parameters": {},
     "phrases": ph(["Track my luggage with ${applicationName}", "Where is my suitcase in ${applicationName}"],
                   ["Rastrea mi equipaje con ${applicationName}", "Dónde está mi maleta en ${applicationName}"],
                   ["Suis mes bagages avec ${applicationName}", "Où est ma valise dans ${applicationName}"],
                   ["用${applicationName}追踪我的行李", "在${applicationName}中看看我的行李在哪"],
                   ["${applicationName} से मेरा सामान ट्रैक करो", "${applicationName} में मेरा सूटकेस कहाँ है"],
                   ["تتبع أمتعتي في ${applicationName}", "أين حقيبتي في ${applicationName}"])},
    {"intent": "ShowGateIntent", "shortTitle": loc("Show Gate", "Ver puerta", "Voir la porte", "查看登机口", "गेट दिखाएँ", "عرض البوابة"),
     "systemImageName": "door.left.hand.open", "parameters": {},
     "phrases": ph(["Show my gate in ${applicationName}", "Which gate is my flight at in ${applicationName}"],
                   ["Muestra mi puerta de embarque en ${applicationName}", "En qué puerta sale mi vuelo en ${applicationName}"],
                   ["Affiche ma porte d'embarquement dans ${applicationName}", "C'est quelle porte pour mon vol dans ${applicationName}"],
                   ["在${applicationName}中显示我的登机口", "${applicationName}我的登机口是几号"],
                   ["${applicationName} में मेरा गेट दिखाओ", "${applicationName} में मेरी फ़्लाइट किस गेट से है"],
                   ["اعرض بوابتي في ${applicationName}", "من أي بوابة رحلتي في ${applicationName}"])},
    {"intent": "FlightNotificationsIntent", "shortTitle": loc("Flight Alerts", "Avisos de vuelo", "Alertes de vol", "航班通知", "फ़्लाइट अलर्ट", "تنبيهات الرحلة"),
     "systemImageName": "bell", "parameters": {"enabled": {"type": "Bool", "displayName": {
        "true": loc("on", "Activa", "Active", "打开", "चालू", "شغل"),
        "false": loc("off", "Desactiva", "Désactive", "关闭", "बंद", "أوقف")}}},
     "phrases": ph(["Turn ${enabled} flight notifications in ${applicationName}", "Turn flight alerts ${enabled} with ${applicationName}"],
                   ["${enabled} las notificaciones de vuelo en ${applicationName}"],
                   ["${enabled} les notifications de vol dans ${applicationName}"],
                   ["在${applicationName}中${enabled}航班通知"],
                   ["${applicationName} में फ़्लाइट नोटिफ़िकेशन ${enabled} करो"],
                   ["${enabled} إشعارات الرحلة في ${applicationName}"])},
    {"intent": "ChangeMealIntent", "shortTitle": loc("Change Meal", "Cambiar menú", "Changer de repas", "更改餐食", "खाना बदलें", "تغيير الوجبة"),
     "systemImageName": "fork.knife", "parameters": {"meal": {"type": "MealType"}},
     "phrases": ph(["Change my meal to ${meal} in ${applicationName}", "Order a ${meal} meal with ${applicationName}"],
                   ["Cambia mi menú a ${meal} en ${applicationName}", "Pide un menú ${meal} con ${applicationName}"],
                   ["Change mon repas pour un repas ${meal} dans ${applicationName}", "Commande un repas ${meal} avec ${applicationName}"],
                   ["在${applicationName}中把餐食改为${meal}", "用${applicationName}订${meal}"],
                   ["${applicationName} में मेरा खाना ${meal} कर दो", "${applicationName} से ${meal} खाना मंगवाओ"],
                   ["غير وجبتي إلى ${meal} في ${applicationName}", "اطلب ${meal} ب${applicationName}"])},
  ],
  "negativePhrases": ph(["Cancel my flight in ${applicationName}", "Delete my account in ${applicationName}"],
                        ["Cancela mi vuelo en ${applicationName}", "Borra mi cuenta en ${applicationName}"],
                        ["Annule mon vol dans ${applicationName}", "Supprime mon compte dans ${applicationName}"],
                        ["在${applicationName}中取消我的航班", "在${applicationName}中删除我的账户"],
                        ["${applicationName} में मेरी फ़्लाइट कैंसल करो", "${applicationName} में मेरा अकाउंट डिलीट करो"],
                        ["ألغ رحلتي في ${applicationName}", "احذف حسابي في ${applicationName}"]),
}
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "catalog.json"), "w", encoding="utf-8") as f:
    json.dump(cat, f, ensure_ascii=False, indent=2); f.write("\n")

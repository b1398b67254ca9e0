# Hand-written catalog data for Pitovo (com.example.pets); writes ../catalog.json.
import json, os
L = ["es", "pt-BR", "it", "ja", "ko", "zh-Hant"]
def loc(es, pt, it, ja, ko, zh):
    return {"es": es, "pt-BR": pt, "it": it, "ja": ja, "ko": ko, "zh-Hant": zh}
def syn(**kw):
    m = {"pt": "pt-BR", "zh": "zh-Hant"}
    return {m.get(k, k): v for k, v in kw.items() if v}

pets = [
  ("pet-luna", loc("Luna", "Luna", "Luna", "ルナ", "루나", "露娜"), {}),
  ("pet-max", loc("Max", "Max", "Max", "マックス", "맥스", "麥克斯"), syn(es=["Maxi"], pt=["Maxi"], it=["Maxi"])),
  ("pet-mochi", loc("Mochi", "Mochi", "Mochi", "モチ", "모찌", "麻糬"), syn(ko=["모치"])),
  ("pet-mr-whiskers", loc("Mr. Whiskers", "Mr. Whiskers", "Mr. Whiskers", "ミスター・ウィスカーズ", "미스터 위스커스", "鬍鬚先生"),
   syn(es=["Bigotes"], pt=["Bigode"], it=["Baffi"], ja=["ウィスカーズ"], ko=["위스커스"], zh=["鬍鬚"])),
  ("pet-coco", loc("Coco", "Coco", "Coco", "ココ", "코코", "可可"), {}),
  ("pet-pepper-2", loc("Pepper 2", "Pepper 2", "Pepper 2", "ペッパー2", "페퍼 2", "胡椒2號"), {}),
  ("pet-kiwi", loc("Kiwi", "Kiwi", "Kiwi", "キウイ", "키위", "奇異果"), {}),
]

cat = {
  "format": "phrasematch-catalog", "version": 1, "developmentLocale": "es", "locales": L,
  "app": {"id": "com.example.pets",
          "name": loc("Pitovo", "Pitovo", "Pitovo", "ピトボ", "피토보", "皮托寶"),
          "alternativeNames": [{"name": loc("Nidopet", "Nidopet", "Nidopet", "ニドペット", "니도펫", "寵物窩"),
                                "pronunciationHint": loc("nido pet", "nidô pét", "nido pet", "にどぺっと", "니도 펫", "chǒngwù wō")}]},
  "enums": {
    "PortionSize": {"cases": [
      {"rawValue": "small", "title": loc("pequeña", "pequena", "piccola", "少なめ", "적게", "小份"),
       "synonyms": syn(es=["chica"], pt=["mini"], it=["mini"], ja=["小盛り"], ko=["조금"], zh=["少量"])},
      {"rawValue": "medium", "title": loc("mediana", "média", "media", "普通", "보통", "中份"),
       "synonyms": syn(es=["normal"], pt=["normal"], it=["normale"], ja=["ふつう"], ko=["적당히"], zh=["一般"])},
      {"rawValue": "large", "title": loc("grande", "grande", "grande", "多め", "많이", "大份"),
       "synonyms": syn(es=["generosa"], pt=["caprichada"], it=["abbondante"], ja=["大盛り"], ko=["듬뿍"], zh=["多一點"])},
      {"rawValue": "double", "title": loc("doble", "dupla", "doppia", "2倍", "두 배", "雙份"),
       "synonyms": syn(es=["extra"], pt=["em dobro"], it=["extra"], ja=["ダブル"], ko=["더블"], zh=["兩倍"])}]}},
  "entities": {"PetEntity": {"options": [
      {"id": i, "title": t, **({"synonyms": s} if s else {})} for i, t, s in pets]}},
  "shortcuts": [
    {"intent": "FeedPetIntent",
     "shortTitle": loc("Dar de comer", "Alimentar", "Dai da mangiare", "ごはんをあげる", "밥 주기", "餵食"),
     "systemImageName": "fork.knife", "parameters": {"pet": {"type": "PetEntity"}},
     "phrases": {
       "es": ["Da de comer a ${pet} con ${applicationName}", "${applicationName}, alimenta a ${pet}", "Dale de comer a mi mascota con ${applicationName}"],
       "pt-BR": ["Dê comida para ${pet} no ${applicationName}", "${applicationName}, alimente ${pet}", "Alimente meu pet com o ${applicationName}"],
       "it": ["Dai da mangiare a ${pet} con ${applicationName}", "${applicationName}, nutri ${pet}", "Dai la pappa al mio animale con ${applicationName}"],
       "ja": ["${applicationName}で${pet}にごはんをあげて", "${pet}のごはんを${applicationName}で出して", "${applicationName}でペットにごはんをあげて"],
       "ko": ["${applicationName}에서 ${pet} 밥 줘", "${applicationName}에서 ${pet}한테 사료 줘", "${applicationName}에서 반려동물 밥 줘"],
       "zh-Hant": ["用${applicationName}餵${pet}", "${applicationName}，給${pet}放飯", "用${applicationName}餵寵物"]}},
    {"intent": "LogWalkIntent",
     "shortTitle": loc("Registrar paseo", "Registrar passeio", "Registra passeggiata", "散歩を記録", "산책 기록", "記錄散步"),
     "systemImageName": "figure.walk", "parameters": {"pet": {"type": "PetEntity"}},
     "phrases": {
       "es": ["Registra un paseo con ${pet} en ${applicationName}", "Anota un paseo en ${applicationName}"],
       "pt-BR": ["Registre um passeio com ${pet} no ${applicationName}", "Anote um passeio no ${applicationName}"],
       "it": ["Registra una passeggiata con ${pet} su ${applicationName}", "Segna una passeggiata su ${applicationName}"],
       "ja": ["${applicationName}で${pet}の散歩を記録", "${applicationName}で散歩を記録して"],
       "ko": ["${applicationName}에서 ${pet} 산책 기록해줘", "${applicationName}에 산책 기록 추가"],
       "zh-Hant": ["用${applicationName}記錄${pet}散步", "在${applicationName}記一筆散步"]}},
    {"intent": "LogVetVisitIntent",
     "shortTitle": loc("Visita al veterinario", "Ida ao veterinário", "Visita veterinaria", "通院記録", "병원 기록", "看獸醫紀錄"),
     "systemImageName": "cross.case", "parameters": {},
     "phrases": {
       "es": ["Registra una visita al veterinario en ${applicationName}", "Anota que fuimos al veterinario en ${applicationName}"],
       "pt-BR": ["Registre uma ida ao veterinário no ${applicationName}", "Anote a consulta no veterinário no ${applicationName}"],
       "it": ["Registra una visita dal veterinario su ${applicationName}", "Segna la visita dal veterinario su ${applicationName}"],
       "ja": ["${applicationName}で動物病院の受診を記録", "${applicationName}に獣医の記録をつけて"],
       "ko": ["${applicationName}에서 동물병원 방문 기록해줘", "${applicationName}에 병원 다녀온 거 기록해줘"],
       "zh-Hant": ["用${applicationName}記錄看獸醫", "在${applicationName}記下去動物醫院"]}},
    {"intent": "SetPortionIntent",
     "shortTitle": loc("Tamaño de ración", "Tamanho da porção", "Porzione", "ごはんの量", "급여량", "份量"),
     "systemImageName": "scalemass", "parameters": {"portion": {"type": "PortionSize"}},
     "phrases": {
       "es": ["Pon la ración ${portion} en ${applicationName}", "${applicationName}, cambia la porción a ${portion}"],
       "pt-BR": ["Coloque a porção ${portion} no ${applicationName}", "${applicationName}, muda a porção para ${portion}"],
       "it": ["Imposta la porzione ${portion} su ${applicationName}", "${applicationName}, cambia la porzione in ${portion}"],
       "ja": ["${applicationName}でごはんの量を${portion}にして", "${applicationName}で一回の量を${portion}に設定"],
       "ko": ["${applicationName}에서 사료 ${portion} 주게 설정해줘", "${applicationName} 급여량 ${portion}"],
       "zh-Hant": ["用${applicationName}把飼料份量設成${portion}", "${applicationName}，份量改成${portion}"]}},
    {"intent": "ShowScheduleIntent",
     "shortTitle": loc("Horario de comidas", "Horários de comida", "Orari dei pasti", "ごはんの予定", "급여 일정", "餵食時間表"),
     "systemImageName": "calendar", "parameters": {},
     "phrases": {
       "es": ["Muestra el horario de comidas en ${applicationName}", "A qué hora le toca comer según ${applicationName}"],
       "pt-BR": ["Mostre os horários de comida no ${applicationName}", "Que horas o pet come segundo o ${applicationName}"],
       "it": ["Mostra gli orari dei pasti su ${applicationName}", "A che ora mangia secondo ${applicationName}"],
       "ja": ["${applicationName}でごはんのスケジュールを見せて", "${applicationName}で次のごはんの時間を教えて"],
       "ko": ["${applicationName}에서 급여 일정 보여줘", "${applicationName}에서 다음 밥 시간 알려줘"],
       "zh-Hant": ["在${applicationName}看餵食時間表", "${applicationName}，下一餐幾點"]}},
    {"intent": "SetRefillReminderIntent",
     "shortTitle": loc("Aviso de recarga", "Lembrete de ração", "Promemoria ricarica", "補充リマインダー", "보충 알림", "補糧提醒"),
     "systemImageName": "bell", "parameters": {"enabled": {"type": "Bool", "displayName": {
        "true": loc("Activa", "Ative", "Attiva", "オンにして", "켜줘", "打開"),
        "false": loc("Desactiva", "Desative", "Disattiva", "オフにして", "꺼줘", "關閉")}}},
     "phrases": {
       "es": ["${enabled} el recordatorio de recarga en ${applicationName}", "${enabled} el aviso de pienso con ${applicationName}"],
       "pt-BR": ["${enabled} o lembrete de reabastecer no ${applicationName}", "${enabled} o aviso de ração no ${applicationName}"],
       "it": ["${enabled} il promemoria di ricarica su ${applicationName}", "${enabled} l'avviso delle crocchette su ${applicationName}"],
       "ja": ["${applicationName}で補充リマインダーを${enabled}", "${applicationName}のフード補充通知を${enabled}"],
       "ko": ["${applicationName}에서 사료 보충 알림 ${enabled}", "${applicationName} 리필 알림 ${enabled}"],
       "zh-Hant": ["用${applicationName}${enabled}補充飼料提醒", "${enabled}${applicationName}的補糧提醒"]}},
    {"intent": "CheckWaterIntent",
     "shortTitle": loc("Nivel del bebedero", "Nível do bebedouro", "Livello dell'acqua", "水の残量", "물 잔량", "水量"),
     "systemImageName": "drop", "parameters": {},
     "phrases": {
       "es": ["Cuánta agua queda en el bebedero según ${applicationName}", "Revisa el bebedero con ${applicationName}"],
       "pt-BR": ["Quanta água tem no bebedouro segundo o ${applicationName}", "Confira o bebedouro com o ${applicationName}"],
       "it": ["Quanta acqua c'è nella ciotola secondo ${applicationName}", "Controlla la ciotola dell'acqua con ${applicationName}"],
       "ja": ["${applicationName}で水の残りを確認", "${applicationName}で給水器の水の量を教えて"],
       "ko": ["${applicationName}에서 물 얼마나 남았는지 알려줘", "${applicationName}에서 급수기 확인해줘"],
       "zh-Hant": ["用${applicationName}查看水碗還有多少水", "${applicationName}，水還夠不夠"]}},
    {"intent": "ShowActivityIntent",
     "shortTitle": loc("Actividad de hoy", "Atividade de hoje", "Attività di oggi", "今日の活動", "오늘 활동", "今日活動"),
     "systemImageName": "pawprint", "parameters": {"pet": {"type": "PetEntity"}},
     "phrases": {
       "es": ["Muestra la actividad de hoy de ${pet} en ${applicationName}", "Qué ha hecho ${pet} hoy según ${applicationName}"],
       "pt-BR": ["Mostre a atividade de hoje de ${pet} no ${applicationName}", "O que ${pet} fez hoje segundo o ${applicationName}"],
       "it": ["Mostra l'attività di oggi di ${pet} su ${applicationName}", "Cosa ha fatto ${pet} oggi secondo ${applicationName}"],
       "ja": ["${applicationName}で${pet}の今日の活動を見せて", "${applicationName}で${pet}の今日の様子を教えて"],
       "ko": ["${applicationName}에서 ${pet} 오늘 활동 보여줘", "${applicationName}에서 ${pet} 오늘 뭐 했는지 알려줘"],
       "zh-Hant": ["在${applicationName}看${pet}今天的活動", "${applicationName}，${pet}今天做了什麼"]}},
    {"intent": "CallPetIntent",
     "shortTitle": loc("Llamar a la mascota", "Chamar o pet", "Richiama l'animale", "ペットを呼ぶ", "반려동물 부르기", "呼叫寵物"),
     "systemImageName": "speaker.wave.2", "parameters": {},
     "phrases": {
       "es": ["Llama a mi mascota con ${applicationName}", "Haz sonar el silbato en ${applicationName}"],
       "pt-BR": ["Chame meu pet com o ${applicationName}", "Toque o som de chamada no ${applicationName}"],
       "it": ["Chiama il mio animale con ${applicationName}", "Fai suonare il richiamo su ${applicationName}"],
       "ja": ["${applicationName}でペットを呼んで", "${applicationName}で呼び出し音を鳴らして"],
       "ko": ["${applicationName}에서 반려동물 부르는 소리 틀어줘", "${applicationName}에서 호출음 울려줘"],
       "zh-Hant": ["用${applicationName}叫寵物過來", "用${applicationName}播放呼叫聲"]}},
  ],
  "negativePhrases": {
    "es": ["Borra mi cuenta de ${applicationName}", "Elimina a mi mascota de ${applicationName}", "Cancela la cita con el veterinario en ${applicationName}"],
    "pt-BR": ["Apague minha conta do ${applicationName}", "Remova meu pet do ${applicationName}", "Cancele a consulta no veterinário no ${applicationName}"],
    "it": ["Elimina il mio account di ${applicationName}", "Rimuovi il mio animale da ${applicationName}", "Annulla la visita dal veterinario su ${applicationName}"],
    "ja": ["${applicationName}のアカウントを削除", "${applicationName}からペットを削除して", "${applicationName}で動物病院の予約をキャンセル"],
    "ko": ["${applicationName} 계정 삭제해줘", "${applicationName}에서 반려동물 삭제해줘", "${applicationName}에서 병원 예약 취소해줘"],
    "zh-Hant": ["刪除我的${applicationName}帳號", "從${applicationName}刪除寵物", "用${applicationName}取消獸醫預約"]},
}
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "catalog.json"), "w", encoding="utf-8") as f:
    json.dump(cat, f, ensure_ascii=False, indent=2); f.write("\n")

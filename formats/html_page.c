/* html_page.c — the dispute view's static parts: the style (with a print
 * stylesheet) and the script that draws the table from each record's JSON.
 * Everything is inline: the page fetches nothing. */
#include "html.h"

const char *const html_head[] = {
  "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
  "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
  "<title>Canasta referee: dispute view</title>\n<style>\n",
  "body{font:14px/1.4 system-ui,sans-serif;margin:1em;color:#222;background:#f6f6f2}\n",
  "h1{font-size:1.4em}h2{font-size:1.15em;border-bottom:2px solid #ccc}\n",
  ".record{background:#fff;padding:.5em 1em;margin-bottom:2em;border-radius:6px}\n",
  ".verdict{border-left:6px solid #c0392b;background:#fdecea;padding:.3em .8em;margin:.5em 0}\n",
  ".verdict.malformed{border-color:#d68910;background:#fef5e7}.verdict p{margin:.35em 0}.verdict pre{margin:.2em 0;white-space:pre-wrap;overflow-wrap:anywhere}\n",
  ".verdict .instead{border-left:3px solid #1e8449;padding-left:.5em}.verdict .instead b{color:#1e8449}\n",
  ".cs{font-weight:600;white-space:nowrap}.cs.sH,.cs.sD{color:#c0392b}.cs.jk{color:#6c3483}\n",
  "figure.quote{margin:.5em 0 .2em;padding:.3em .8em;background:#fff8f6;border-radius:4px}\n",
  "figure.quote figcaption{font-size:.9em;color:#555}figure.quote cite{font-style:normal;font-weight:600}\n",
  "figure.quote blockquote{max-width:60em;margin:.3em 0 .3em .5em;padding-left:.8em;border-left:3px solid #d5a6a0;font-family:Georgia,serif;font-size:1.05em;text-wrap:pretty;hyphens:manual}\n",
  "figure.quote blockquote p,figure.quote blockquote ul{margin:.2em 0}figure.quote .gloss{max-width:60em;margin:.3em 0 .2em 1.3em;font-style:italic;text-wrap:pretty;color:#333}\n",
  ".controls{margin:.5em 0}.controls button{margin-right:.3em}.controls input{vertical-align:middle;width:20em}\n",
  ".pos{margin-left:.5em;color:#555}.note{margin:.3em 0;padding:.2em .6em;background:#fff3c4;border-left:4px solid #e0a800}\n",
  ".main{display:flex;gap:1em;align-items:flex-start}\n",
  ".table{flex:1 1 60%;min-width:0;background:#0b5d2a;color:#fff;padding:.6em;border-radius:8px;min-height:10em}\n",
  ".when{margin:0 0 .3em;font-weight:600}.when.before{background:#c0392b;padding:.1em .5em;border-radius:4px}.when.nj{color:#ffd54f}\n",
  ".seat,.team,.pile{margin:.3em 0;padding:.3em;border-radius:4px;background:rgba(255,255,255,.08)}\n",
  ".seat.turn{outline:2px solid #ffd54f}.meld{margin:.2em 0 .2em 1em}.meld .lbl{margin-right:.5em;font-size:.9em}\n",
  ".canasta .cards{outline:2px solid #ffd54f;border-radius:3px}.canasta.impure .cards{outline-color:#bbb}\n",
  ".card{display:inline-block;background:#fff;color:#111;border:1px solid #999;border-radius:3px;padding:0 .2em;margin:1px;min-width:1.6em;text-align:center;font-weight:600}\n",
  ".card.sH,.card.sD{color:#c0392b}.card.jk{color:#6c3483}.card.wild{background:#fff3c4;box-shadow:inset 0 -3px 0 #e0a800}\n",
  ".src{position:relative;flex:1 1 40%;min-width:0;max-height:32em;overflow-y:auto;overflow-x:auto;font:12px monospace;background:#fafafa;margin:0;padding-left:.5em;list-style:none}\n",
  ".src li{padding-left:3.1em;text-indent:-3.1em;white-space:pre-wrap;overflow-wrap:anywhere;cursor:pointer}\n",
  ".src li.cur{background:#d6eaf8}.src li.bad{background:#f5b7b1}.src li.bad.cur{background:#ec7063}\n",
  ".src li.found{background:#fadbd8}.src li.nj{color:#999;font-style:italic}.src li.nj.cur{background:#e5e5e5}.src li.njhead,.src li.cut{padding-left:.3em;text-indent:0;white-space:normal;cursor:default;color:#7b5a00;background:#fff3c4;font:italic 12px system-ui,sans-serif;padding:.1em .3em;margin:.2em 0}\n",
  ".ln{display:inline-block;min-width:2.5em;text-indent:0;color:#888;margin-right:.6em;text-decoration:none}.bad .ln{color:#222}\n",
  ".tags{margin:.2em 0 .5em;color:#444}.tags b{font-weight:600}\n",
  ".scores table{border-collapse:collapse;margin:.4em 0}.scores td,.scores th{border:1px solid #ccc;padding:.1em .5em;text-align:right}\n",
  "@page{margin:0}\n",
  "@media print{body{background:#fff;margin:0;padding:12mm 14mm;box-decoration-break:clone;-webkit-box-decoration-break:clone}\n",
  ".controls button,.controls input,.src,.note{display:none}.table{background:#fff;color:#000;border:1px solid #000}.when.before{background:none;color:#000;border-left:4px solid #c0392b}\n",
  ".record{padding:0;margin:0}.seat,.team,.pile{background:none}.table,.scores table,figure.quote{break-inside:avoid}.scores h3{break-after:avoid}.record{break-after:page}.record:last-child{break-after:auto}}\n",
  "</style>\n</head>\n<body>\n<h1>Canasta referee: dispute view</h1>\n",
  "<noscript><p>The replay needs JavaScript; the records' data is in this page.</p></noscript>\n",
  "<ul id=\"list\"></ul>\n<div id=\"records\"></div>\n", NULL};

const char *const html_tail[] = {
  "<script>\n",
  "var R=[].map.call(document.querySelectorAll('script.rec'),function(s){return JSON.parse(s.textContent)});\n",
  /* the records left off the page (html.c's bound) are said before the others */
  "var LO=document.getElementById('left-off');if(LO)document.body.insertBefore(LO,document.getElementById('list'));\n",
  "var SU={S:'\\u2660',H:'\\u2665',D:'\\u2666',C:'\\u2663'},act=null;\n",
  /* the page's words in the messages' language (html.c writes them, but for English) */
  "var TR=(function(s){return s?JSON.parse(s.textContent):{}})(document.getElementById('i18n'));\n",
  "function T(x){return TR[x]||x}function F(f){var a=arguments;return T(f).replace(/\\{(\\d)\\}/g,function(m,i){return a[+i+1]})}\n",
  "function FN(o,m,n){return F(n==1||(n==0&&TR['#0'])?o:m,n)}\n",
  "if(TR.lang){document.documentElement.lang=TR.lang;document.title=T(document.title);var h1=document.querySelector('h1');h1.textContent=T(h1.textContent)}\n",
  "function el(t,c,x){var e=document.createElement(t);if(c)e.className=c;if(x!=null)e.textContent=x;return e}\n",
  "function add(e){for(var i=1;i<arguments.length;i++){var x=arguments[i];if(x!=null&&x!=='')e.appendChild(typeof x=='object'?x:document.createTextNode(x))}return e}\n",
  /* a card as the table draws it: 10 for T, the suit's symbol, a star for the joker */
  "function face(n){return n=='JK'?'\\u2605JK':(n[0]=='T'?'10':n[0])+SU[n[1]]}\n",
  "function card(n,wild){var e=el('span','card'+(n=='JK'?' jk':' s'+n[1])+(wild?' wild':''),face(n));if(wild)e.title=T('wild card');return e}\n",
  "function cards(s,r,rank){var d=el('span','cards');if(!s){d.textContent=T('(none)');return d}\n",
  " s.split(' ').forEach(function(n){d.appendChild(card(n,r.wild.indexOf(n)>=0&&n[0]!=rank))});return d}\n",
  /* a sentence of the referee's with its cards as the table shows them (8H: 8♥),
   * but in what it quotes of a record ("take KC KC", « take KC KC »): record text */
  "function say(t,c,tag){var e=el(tag||'span',c);String(t).split(/(\"[^\"]*\"|\\u00ab[^\\u00bb]*\\u00bb)/).forEach(function(q,k){\n",
  " if(k%2)return add(e,q);q.split(/\\b([2-9TJQKA][SHDC]|JK)\\b/).forEach(function(w,j){add(e,j%2?el('span','cs'+(w=='JK'?' jk':' s'+w[1]),face(w)):w)})});return e}\n",
  /* French type: no break after a word of one or two letters or a number, nor before : ; ! ? » */
  "function fr(t){var w=t.replace(/ ([:;!?\\u00bb])/g,'\\u00a0$1').replace(/\\u00ab /g,'\\u00ab\\u00a0').split(' '),o=w[0];\n",
  " for(var i=1;i<w.length;i++)o+=(/(^|[\\s(\\u00a0])([A-Za-z\\u00c0-\\u00ff]{1,2}|\\d+)$/.test(w[i-1])?'\\u00a0':' ')+w[i];return o}\n",
  /* Markdown's marks in a passage: **bold**, *italic*, `code`; one left open
   * (a passage cut short) is dropped */
  "function md(t,tag,c){var e=el(tag,c);t.split(/(\\*\\*[^*]+\\*\\*|\\*[^*]+\\*|`[^`]+`)/).forEach(function(w,k){\n",
  " if(k%2==0)return add(e,w.replace(/\\*+|`/g,''));var b=w[1]=='*'?2:1;add(e,el(w[0]=='`'?'code':b==2?'strong':'em',null,w.slice(b,-b)))});return e}\n",
  /* The rule document's passage as --explain prints it: "rule: KEY" (the key is
   * said above it), "from FILE, ### N. Title", the French lines ("> ") and the
   * English gloss (*...*): a heading, a quotation and an italic paragraph. */
  "function quote(q){var f=el('figure','quote'),bq=el('blockquote'),B=[],G=[],cur=null,cap=null;\n",
  " q.split('\\n').slice(1).forEach(function(x,k){var m;x=x.trim();\n",
  "  if(k==0&&(m=/^(.*?),? *#+ +(.*)$/.exec(x))){cap=add(el('figcaption'),m[1]+', ',el('cite',null,m[2]));return}\n",
  "  if(x[0]!='>'){if(x)G.push(x);return}x=x.replace(/^> ?/,'');\n",
  "  if(!x)cur=null;else if(/^[-*] /.test(x))B.push(cur=['li',x.slice(2)]);else if(cur)cur[1]+=' '+x;else B.push(cur=['p',x])});\n",
  " if(!B.length&&!G.length)return null;if(cap)f.appendChild(cap);\n",
  " var ul=null;B.forEach(function(b){if(b[0]=='p'){ul=null;return bq.appendChild(md(fr(b[1]),'p'))}\n",
  "  if(!ul)bq.appendChild(ul=el('ul'));ul.appendChild(md(fr(b[1]),'li'))});\n",
  " if(B.length){bq.lang='fr';f.appendChild(bq)}if(G.length){var g=md(G.join(' '),'p','gloss');g.lang='en';f.appendChild(g)}return f}\n",
  /* A record's lines at fault (the verdict's, and with --keep-going the later
   * errors'), and the runs of lines the referee did not judge: after the line
   * where it found an error, to the next hand it read afresh (--keep-going). */
  "function prep(r){var S=r.states;r.last=r.s0+r.src.length-1;r.bad={};r.nj=[];\n",
  " if(r.verdict.status=='legal')return;\n",
  " [r.verdict].concat(r.later).forEach(function(v,k){var stop=k==0&&r.found||v.line,h=null,to=Infinity;r.bad[v.line]=1;\n",
  "  S.forEach(function(s){if(s[0]<=stop)h=s[1];else if(to==Infinity&&h!=null&&s[1]>h)to=s[0]-1});\n",
  "  if(to>stop)r.nj.push({from:stop+1,to:to,at:stop,kg:to<Infinity})})}\n",
  "function nj(r,n){for(var i=0;i<r.nj.length;i++)if(n>=r.nj[i].from&&n<=r.nj[i].to)return r.nj[i]}\n",
  "function njSay(x,n){return n==null?(x.kg?F('not judged: after the error at line {0}, the referee went on at the next hand',x.at):F('not judged: the verdict came at line {0}',x.at))\n",
  " :x.kg?F('line {0} was not judged: after the error at line {1}, the referee went on at the next hand',n,x.at):F('line {0} was not judged: the verdict came at line {1}',n,x.at)}\n",
  /* The table a step shows: at a line at fault, the one that line found (the
   * state after the statement before it, with the player it was judged for),
   * and so at the line where the referee found the fault; elsewhere the one
   * after the line. */
  "function shown(r,i){var S=r.states,st=S[i];if(!st)return null;var j=i;while(j>0&&S[j-1][0]==st[0])j--;\n",
  " if(j>0&&(r.bad[st[0]]||st[0]==r.found)){var p=S[j-1],s=p[2];if(s&&st[2]&&p[1]==st[1]){var o={};for(var x in s)o[x]=s[x];o.c=st[2].c;s=o}return{s:s,kind:'before'}}\n",
  " var w=nj(r,st[0]);return{s:st[2],kind:w?'nj':'after',run:w}}\n",
  /* Why the pile is frozen, since when, and what takes it. */
  "function frozen(r,s){var z='',t;\n",
  " if(s.fl&&s.fc){t=r.src[s.fl-r.s0]||'';z=s.fv?F('frozen since line {0} by the covered upcard {1}',s.fl,s.fc)\n",
  "  :F(/^\\s*pile\\b/.test(t)?'frozen since line {0} ({1} turned up)':'frozen since line {0} ({1} discarded)',s.fl,s.fc)}\n",
  " else if(s.z)z=s.z;else if(r.fa)z=T('always frozen');else if(s.fu&&s.c>=0)z=F('frozen for {0}, a team that has not opened',r.teams[r.team_of[s.c]]);\n",
  " if(z&&r.unfreeze)z+='; '+FN(\"taking it needs {0} natural card of the top card's rank from the hand\",\"taking it needs {0} natural cards of the top card's rank from the hand\",r.unfreeze);\n",
  " return z}\n",
  /* The current line kept in view within the record pane. */
  "function follow(o,li){var t=li.offsetTop,h=li.offsetHeight;if(t<o.scrollTop||t+h>o.scrollTop+o.clientHeight)o.scrollTop=Math.max(0,t-(o.clientHeight-h)/2)}\n",
  "function draw(r,v){var t=v.box;t.innerHTML='';var st=r.states[v.i],w=shown(r,v.i),s=w&&w.s;\n",
  " v.sec.setAttribute('data-line',st?st[0]:0);v.sec.setAttribute('data-table',w?w.kind:'none');\n",
  " v.pos.textContent=st?F('line {0}, hand {1} \\u2014 step {2} of {3}',st[0],st[1],v.i+1,r.states.length):'';\n",
  " v.sl.value=v.i;[].forEach.call(v.src.querySelectorAll('.cur'),function(x){x.classList.remove('cur')});\n",
  " var li=st&&document.getElementById(v.id+'L'+st[0]);if(li){li.classList.add('cur');if(v.ready)follow(v.src,li)}\n",
  " if(st)t.appendChild(el('p','when '+w.kind,w.kind=='before'?F('the table as line {0} found it, before the action',st[0])\n",
  "  :w.kind=='nj'?F('line {0} was not judged: the table as the referee left it at line {1}',st[0],w.run.at):F('the table after line {0}',st[0])));\n",
  " if(!s){t.appendChild(el('p','none',T('(outside a hand: the header or between hands)')));return}\n",
  " r.players.forEach(function(p,i){var n=s.H[i]?s.H[i].split(' ').length:0,tm=r.teams[r.team_of[i]],d=el('div','seat'+(s.c==i?' turn':''));\n",
  "  d.setAttribute('data-hand-size',n);d.appendChild(el('b',null,(tm==p?p:p+' ('+tm+')')+(s.c==i?T(' \\u25c0 to act'):'')));\n",
  "  d.appendChild(el('span','n',FN(' {0} card',' {0} cards',n)+(s.F[i]>=0?F(', foot {0}',s.F[i]):'')));\n",
  "  d.appendChild(el('br'));d.appendChild(cards(s.H[i],r));t.appendChild(d)});\n",
  " r.teams.forEach(function(tm,k){var d=el('div','team');d.appendChild(el('b',null,F('Melds of {0}',tm)+(s.r[k]?F(' \\u2014 red threes: {0}',s.r[k]):'')+(s.a&&s.a[k]?F(' \\u2014 set aside: {0}',s.a[k]):'')));\n",
  "  s.M.forEach(function(m){if(m[0]!=k)return;var x=el('div','meld'+(m[2]?(m[4]?' canasta impure':' canasta pure'):''));\n",
  "   x.appendChild(el('span','lbl',label(r,m)));\n",
  "   x.appendChild(cards(m[5],r,m[1]));d.appendChild(x)});t.appendChild(d)});\n",
  " var p=el('div','pile'),z=frozen(r,s);p.setAttribute('data-pile-top',s.p);p.setAttribute('data-stock',s.s);\n",
  " p.appendChild(el('b',null,T('Pile: ')));if(s.p)p.appendChild(card(s.p,false));\n",
  " p.appendChild(el('span',null,FN(' {0} card',' {0} cards',s.n)+(z?'; ':'')));if(z){var fz=say(z,'frozen');if(s.fl)fz.setAttribute('data-frozen-line',s.fl);p.appendChild(fz)}\n",
  " p.appendChild(el('span',null,(s.b?T('; blocked by its top card'):'')+FN(' \\u2014 stock: {0} card',' \\u2014 stock: {0} cards',s.s)+packets(r,s)));due(r,s,p);t.appendChild(p)}\n",
  /* set_aside: s.a = each team's cards set aside, s.ad = the cards of the
   * pile just taken still to state (only where the ruleset sets cards aside) */
  "function due(r,s,p){if(!s.ad)return;p.appendChild(el('span',null,T(' \\u2014 still to set aside (aside): ')));p.appendChild(cards(s.ad,r))}\n",
  /* bonus.packets: s.k = [sizes left, the team the next is for (-1: the
   * next to open), the player owed one (-1), whose hand is empty, its size] */
  /* a meld's words (canasta.words: r.mw, sequence.word: r.sw; the seeds'
   * when absent): m = [team, rank or 'wild' or 'seq', canasta, hidden, impure] */
  "function label(r,m){var w=r.mw||0,q=r.sw;\n",
  " if(m[1]=='wild')return T(m[2]?['canasta of wild cards (closed)','wild canasta','wild book'][w]:'meld of wild cards');\n",
  " if(m[1]=='seq'&&q)return m[2]?q:T('sequence');\n",
  " if(!w||m[1]=='seq')return(m[1]=='seq'?T('sequence'):F('{0}s',m[1]))+(m[2]?' '+T((m[3]?'hidden ':'')+(m[4]?'impure':'pure')+' canasta (closed)'):'');\n",
  " if(!m[2])return F('{0}s',m[1]);\n",
  " return F(w==1?(m[4]?'mixed canasta of {0}s':'natural canasta of {0}s'):(m[4]?'dirty book of {0}s':'clean book of {0}s'),m[1])}\n",
  "function packets(r,s){var k=s.k;if(!k)return'';var c=function(n){return FN('{0} card','{0} cards',n)};\n",
  " var w=k[0].length?FN('{0} left','{0} left',k[0].length)+' ('+k[0].map(c).join(', ')+')'+(k[1]>=0?F(', {0}\\u2019s when it opens',r.teams[k[1]]):T(', the first to the next team to open')):T('none left');\n",
  " if(k[2]>=0)w+=F(k[3]?'; {0}\\u2019s hand is empty: {1}\\u2019s packet ({2}) comes first, with talon':'; {0} may take {1}\\u2019s packet ({2}) now with talon; any other line forfeits it',\n",
  "  r.players[k[2]],r.teams[r.team_of[k[2]]],c(k[4]));return F(' \\u2014 bonus packets: {0}',w)}\n",
  "function note(v,x){v.note.textContent=x;v.note.hidden=!x}\n",
  "function go(r,v,i){v.i=Math.max(0,Math.min(r.states.length-1,i));act=[r,v];note(v,'');draw(r,v)}\n",
  "function at(r,line){var k=-1;r.states.forEach(function(s,i){if(s[0]<=line)k=i});return Math.max(k,0)}\n",
  /* The step a #L<n> shows, and what to say when it is not line n's own table. */
  "function target(r,n){var S=r.states,i=at(r,n),st=S[i],w=nj(r,n),end=S.length-1;\n",
  " if(r.cut&&n>=r.cut)return[end,F('line {0} is not on this page: lines from {1} on are not kept',n,r.cut)];\n",
  " if(n>r.last)return[end,F(\"line {0} is past the record's last line, {1}\",n,r.last)];\n",
  " if(w)return[i,njSay(w,n)];if(!st||st[0]==n)return[i,''];\n",
  " return[i,st[0]>n?F(\"line {0} comes before the record's first statement, line {1}\",n,st[0]):F('line {0} has no table of its own: the table after line {1} is shown',n,st[0])]}\n",
  "function esc(x){return String(x).replace(/&/g,'&amp;').replace(/</g,'&lt;')}\n",
  /* about four round steps from lo to hi */
  "function ticks(lo,hi){var u=Math.pow(10,Math.floor(Math.log(hi-lo)/Math.LN10)),a=[],y;u*=(hi-lo)/u>8?2:(hi-lo)/u>4?1:(hi-lo)/u>2?.5:.25;\n",
  " for(y=Math.ceil(lo/u)*u;y<=hi;y+=u)a.push(Math.round(y*100)/100);return a}\n",
  /* The running totals by hand: hands on the x axis, points on the y axis. */
  "function chart(r){var n=r.scores.length,W=680,H=260,L=64,PR=W-170,TP=14,B=44,tot=r.teams.map(function(){return[0]});\n",
  " r.scores.forEach(function(h){h.t.forEach(function(p,k){tot[k].push(tot[k][tot[k].length-1]+p[6])})});\n",
  " var all=[].concat.apply([0,r.target||0],tot),lo=Math.min.apply(0,all),hi=Math.max.apply(0,all);if(hi==lo)hi=lo+1;\n",
  " function X(i){return L+i*(PR-L)/Math.max(n,1)}function Y(y){return TP+(hi-y)*(H-TP-B)/(hi-lo)}\n",
  " var c=['#1f5fbf','#c0392b','#2e8b57'],s='<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"'+W+'\" height=\"'+H+'\" class=\"chart\"><rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>';\n",
  " ticks(lo,hi).forEach(function(y){s+='<line x1=\"'+L+'\" x2=\"'+PR+'\" y1=\"'+Y(y)+'\" y2=\"'+Y(y)+'\" stroke=\"'+(y?'#eee':'#999')+'\"/><text class=\"yt\" x=\"'+(L-6)+'\" y=\"'+(Y(y)+4)+'\" font-size=\"11\" text-anchor=\"end\">'+y+'</text>'});\n",
  " for(var i=0,k=Math.ceil(n/12)||1;i<=n;i+=k)s+='<text class=\"xt\" x=\"'+X(i)+'\" y=\"'+(H-B+15)+'\" font-size=\"11\" text-anchor=\"middle\">'+(i?r.scores[i-1].n:0)+'</text>';\n",
  " s+='<line x1=\"'+L+'\" x2=\"'+L+'\" y1=\"'+TP+'\" y2=\"'+(H-B)+'\" stroke=\"#666\"/><line x1=\"'+L+'\" x2=\"'+PR+'\" y1=\"'+(H-B)+'\" y2=\"'+(H-B)+'\" stroke=\"#666\"/>';\n",
  " s+='<text class=\"xl\" x=\"'+(L+PR)/2+'\" y=\"'+(H-8)+'\" font-size=\"12\" text-anchor=\"middle\">'+esc(T('hand'))+'</text>';\n",
  " s+='<text class=\"yl\" x=\"'+-(TP+(H-TP-B)/2)+'\" y=\"14\" font-size=\"12\" text-anchor=\"middle\" transform=\"rotate(-90)\">'+esc(T('points'))+'</text>';\n",
  " if(r.target)s+='<line class=\"target\" x1=\"'+L+'\" x2=\"'+PR+'\" y1=\"'+Y(r.target)+'\" y2=\"'+Y(r.target)+'\" stroke=\"#888\" stroke-dasharray=\"6 4\"/><text x=\"'+(L+4)+'\" y=\"'+(Y(r.target)-4)+'\" font-size=\"11\">'+esc(F('target {0}',r.target))+'</text>';\n",
  " tot.forEach(function(t,k){s+='<polyline fill=\"none\" stroke-width=\"2\" stroke=\"'+c[k%3]+'\" points=\"'+t.map(function(y,i){return X(i)+','+Y(y)}).join(' ')+'\"/>';\n",
  "  s+='<text x=\"'+(PR+12)+'\" y=\"'+(TP+12+16*k)+'\" font-size=\"12\" fill=\"'+c[k%3]+'\">'+esc(r.teams[k]+' '+t[t.length-1])+'</text>'});\n",
  " return s+'</svg>'}\n",
  /* A team's parts in the table's order: the cards set aside (the 8th number,
   * "sa" records only) after the red threes, as the text report has them. */
  "function parts(r,p){var v=p.slice(0,7);if(r.sa)v.splice(3,0,p[7]);return v}\n",
  "function scores(r,sec){if(!r.scores.length)return;var d=el('div','scores');d.appendChild(el('h3',null,T('Scores')));\n",
  " var H=['melded','canastas','red threes','going out','cut','cards left','hand total','running'].map(T);if(r.sa)H.splice(3,0,T('set aside'));\n",
  " r.teams.forEach(function(tm,k){var tb=el('table'),run=0;tb.appendChild(el('caption',null,tm));var tr=el('tr');tr.appendChild(el('th',null,T('hand')));\n",
  "  H.forEach(function(h){tr.appendChild(el('th',null,h))});tb.appendChild(tr);\n",
  "  r.scores.forEach(function(h){var tr=el('tr');tr.appendChild(el('td',null,h.n));parts(r,h.t[k]).forEach(function(x){tr.appendChild(el('td',null,x))});run+=h.t[k][6];tr.appendChild(el('td',null,run));tb.appendChild(tr)});d.appendChild(tb)});\n",
  " r.scores.forEach(function(h){if(h.sp)d.appendChild(el('p','special',F('hand {0}: {1} showed a special hand, {2}, for {3} points',h.n,r.teams[h.sp[0]],h.sp[1],h.t[h.sp[0]][6])))});\n",
  " var c=el('div');c.innerHTML=chart(r);d.appendChild(c);sec.appendChild(d)}\n",
  /* A verdict: its code and line, the sentence (a malformed line's speaks of
   * the text as written: its card codes stay), what was legal instead, the
   * ruleset key (once), the line as written and the rule document's passage. */
  /* whether sentence t names player a (as a word: "Anne's hand", "d'Anne"):
   * then the verdict does not name the player again before it */
  "function named(t,a){var w=/[0-9A-Za-z_\\u00c0-\\u024f]/;for(var i=t.indexOf(a);i>=0;i=t.indexOf(a,i+1))\n",
  " if(!w.test(t.charAt(i-1))&&!w.test(t.charAt(i+a.length)))return true;return false}\n",
  "function verdict(r,sec,v){var d=el('div','verdict '+v.status),first=v===r.verdict;\n",
  " d.appendChild(el('b',null,T(v.status)+(v.code?' \\u2014 '+v.code:'')+F(' at line {0}:{1}',v.line,v.col)+(first&&r.found?F(', found at line {0}',r.found):'')));\n",
  " var m=(v.actor&&!named(v.message,v.actor)?v.actor+': ':'')+v.message;d.appendChild(v.status=='malformed'?el('p','msg',m):say(m,'msg','p'));\n",
  " if(first&&r.instead){var p=say(' '+r.instead,'instead','p');p.insertBefore(el('b',null,T('What was legal instead:')),p.firstChild);d.appendChild(p)}\n",
  " if(v.rule)d.appendChild(el('p','rule',F('ruleset key: {0}',v.rule)));\n",
  " if(v.text)d.appendChild(el('pre',null,v.text));var q=first&&r.quote&&quote(r.quote);if(q)d.appendChild(q);sec.appendChild(d)}\n",
  "function build(r,n){var id='R'+(n+1)+'-',sec=el('section','record');sec.id='R'+(n+1);var v={id:id,sec:sec,i:0};prep(r);\n",
  " sec.appendChild(el('h2',null,r.file+(r.index>1?F(' (record {0})',r.index):'')+' \\u2014 '+r.variant+' \\u2014 '+T(r.verdict.status)));\n",
  /* the record's tags (event, date, table...), as written: on the screen and the printed ruling */
  " if(r.tags&&r.tags.length){var tg=el('p','tags');r.tags.forEach(function(t,k){add(tg,k?' \\u00b7 ':'',el('b',null,t[0]+': '),t[1])});sec.appendChild(tg)}\n",
  " if(r.verdict.status!='legal')verdict(r,sec,r.verdict);r.later.forEach(function(l){verdict(r,sec,l)});\n",
  " if(r.later_left)sec.appendChild(el('p','verdict more',FN('{0} more later error, not listed: --keep-going lists the first 64 of a record','{0} more later errors, not listed: --keep-going lists the first 64 of a record',r.later_left)));\n",
  " var ctl=el('div','controls');[['\\u00ab first',function(){go(r,v,0)}],['\\u25c0 previous',function(){go(r,v,v.i-1)}],['next \\u25b6',function(){go(r,v,v.i+1)}],['last \\u00bb',function(){go(r,v,1e9)}]].forEach(function(b){var x=el('button',null,T(b[0]));x.onclick=b[1];ctl.appendChild(x)});\n",
  " v.sl=el('input');v.sl.type='range';v.sl.min=0;v.sl.max=Math.max(r.states.length-1,0);v.sl.oninput=function(){go(r,v,+v.sl.value)};ctl.appendChild(v.sl);\n",
  " v.pos=el('span','pos');ctl.appendChild(v.pos);sec.appendChild(ctl);v.note=el('div','note');v.note.setAttribute('role','status');v.note.hidden=true;sec.appendChild(v.note);\n",
  " var main=el('div','main');v.box=el('div','table');main.appendChild(v.box);v.src=el('ol','src');var run=null;\n",
  " r.src.forEach(function(t,k){var ln=r.s0+k,w=nj(r,ln),li=el('li',r.bad[ln]?'bad':w?'nj':ln==r.found?'found':null);\n",
  "  if(w&&w!==run)v.src.appendChild(el('li','njhead',njSay(w)));run=w;if(w)li.title=njSay(w);\n",
  "  li.id=id+'L'+ln;if(n==0)li.setAttribute('data-l',ln);\n",
  "  var a=el('a','ln',ln);a.href='#'+(n?id:'')+'L'+ln;li.appendChild(a);li.appendChild(el('code',null,t||'\\u00a0'));\n",
  "  li.onclick=function(){go(r,v,at(r,ln))};v.src.appendChild(li)});\n",
  " if(r.cut)v.src.appendChild(el('li','cut',F('lines from {0} on are not on this page: it keeps 1000 lines after the first error, and at most 4 MB of text and 16 MB of tables a record',r.cut)));main.appendChild(v.src);sec.appendChild(main);scores(r,sec);\n",
  " document.getElementById('records').appendChild(sec);\n",
  " v.i=r.verdict.status!='legal'?at(r,r.verdict.line):0;draw(r,v);return[r,v]}\n",
  "var V=R.map(build);if(R.length>1){var ul=document.getElementById('list');R.forEach(function(r,n){var li=el('li'),a=el('a',null,r.file+(r.index>1?' #'+r.index:'')+': '+T(r.verdict.status)+(r.verdict.code?' '+r.verdict.code:''));a.href='#R'+(n+1);li.appendChild(a);ul.appendChild(li)})}\n",
  /* each pane shows its current line, once every record is laid out: every
   * measure first, then every scroll (a scroll between two measures would lay
   * the page out again); a line among a pane's first dozen needs neither */
  "V.map(function(w){var o=w[1].src,li=o.querySelector('.cur'),st=w[0].states[w[1].i];w[1].ready=true;\n",
  " return li&&st[0]-w[0].s0>=12&&[o,li.offsetTop,li.offsetHeight,o.clientHeight]}).forEach(function(m){if(m&&m[1]+m[2]>m[3])m[0].scrollTop=m[1]-(m[3]-m[2])/2})\n",
  "if(V.length)act=V[0];\n",
  "function hash(){var m=/^#(?:R(\\d+)-)?L(\\d+)$/.exec(location.hash);if(!m)return;var k=m[1]?m[1]-1:0,w=V[k];if(!w)return;\n",
  " var g=target(w[0],+m[2]);go(w[0],w[1],g[0]);note(w[1],g[1]);w[1].sec.scrollIntoView()}\n",
  "window.addEventListener('hashchange',hash);hash();\n",
  "document.addEventListener('keydown',function(e){if(!act||e.target.tagName=='INPUT')return;var r=act[0],v=act[1];\n",
  " if(e.key=='ArrowRight'||e.key=='ArrowDown'){go(r,v,v.i+1);e.preventDefault()}else if(e.key=='ArrowLeft'||e.key=='ArrowUp'){go(r,v,v.i-1);e.preventDefault()}\n",
  " else if(e.key=='Home')go(r,v,0);else if(e.key=='End')go(r,v,1e9)});\n",
  "</script>\n</body>\n</html>\n", NULL};

/**
 * The most used passwords of at least 6 characters (from public breach top lists, English and Spanish),
 * refused at registration and on every password change. Compared in lower case.
 */
const LIST = `123456 password 12345678 qwerty 123456789 12345 111111 1234567 dragon 123123 baseball abc123 football monkey
letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890 michael 654321 superman 1qaz2wsx 7777777
121212 000000 qazwsx 123qwe killer trustno1 jordan jennifer zxcvbnm asdfgh hunter buster soccer harley batman andrew
tigger sunshine iloveyou 2000 charlie robert thomas hockey ranger daniel starwars klaster 112233 george computer
michelle jessica pepper 11111111 131313 freedom 777777 maggie 159753 aaaaaa ginger princess joshua cheese amanda
summer ashley nicole chelsea biteme matthew access yankees 987654321 dallas austin thunder taylor matrix minecraft
william corvette hello martin heather secret merlin diamond 1234qwer gfhjkm hammer silver 222222 888888 anthony
justin test bailey q1w2e3r4t5 patrick internet scooter orange 11111 golfer cookie richard samantha bigdog guitar
jackson whatever mickey chicken sparky snoopy maverick phoenix camaro peanut morgan welcome falcon cowboy ferrari
samsung andrea smokey steelers joseph mercedes dakota arsenal eagles melissa boomer booboo spider nascar monster
tigers yellow xxxxxx 123123123 gateway marina diablo bulldog qwer1234 compaq purple hardcore banana junior hannah
123654 porsche lakers iceman money cowboys 987654 london tennis 999999 ncc1701 coffee scooby 0000 miller boston
q1w2e3r4 brandon yamaha chester mother forever johnny edward 333333 oliver redsox player nikita knight fender
barney midnight please brandy chicago badboy slayer rangers charles angel flower rabbit wizard bigdick jasper
enter rachel chris steven winner adidas victoria natasha 1q2w3e4r jasmine winter prince panties marine ghbdtn
fishing cocacola casper james 232323 raiders 888888888 marlboro gandalf asdfasdf crystal 87654321 12344321
golden 8675309 qwerty123 password1 password123 admin admin123 administrator passw0rd p@ssw0rd welcome1 abc12345
iloveyou1 qwertyui 1q2w3e 1q2w3e4r5t zaq12wsx 123abc 123456a a123456 123456q aa123456 qwe123 asd123 zxc123
contraseña contrasena contraseña1 teamo tequiero tequieromucho futbol barcelona realmadrid madrid españa espana
mexico argentina colombia chile peru venezuela princesa amor amorcito corazon mariposa estrella carlos alejandro
sebastian valentina daniela gabriela fernando antonio mamapapa familia familia1 dios jesus cristo america
pokemon naruto fortnite roblox valorant zelda mario nintendo playstation xbox360 gamer gaming steam`;

export const COMMON_PASSWORDS = new Set(LIST.split(/\s+/).filter((p) => p.length >= 6));

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

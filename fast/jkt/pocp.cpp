#include "privoco/fast/jkt/pocp.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "privoco/catalogue.hpp"
#include "privoco/errors.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/format.hpp"
#include "privoco/fast/jkt/igd_giga.hpp"
#include "privoco/fast/numerics/value_ops.hpp"
#include "pocp_core.hpp"

namespace privoco::fast::jkt {

namespace {

void check_T(const Entry& e, double T) {
  if (T != std::floor(T)) throw DomainError(e.id, "T", text17(T), "integers in " + e.params[e.index_of("T")].domain.text());
}
// ln T^{0.5+c} (J3): (a) (ln T + ln ln(2/delta) - ln 2)/2; (b) (ln T - ln 2 ln(2/delta))/2
double ln_scale(double T, double delta, CParse parse) {
  const double l2d = kLn2Hi - std::log(delta);  // ln(2/delta) > ln 2: no cancellation
  return parse == CParse::ln_of_half_ln ? 0.5 * (std::log(T) + std::log(l2d) - kLn2Hi) : 0.5 * (std::log(T) - kLn2Hi * l2d);
}
dd scale_dd(double T, double delta, CParse parse) { return detail::scale_dd<false>(T, delta, static_cast<double>(parse)); }
}  // namespace

Value c_exponent(double T, double delta, CParse parse, CWhich which) {
  static const Entry& e = entry("JKT.const.c_exponent");
  const double x[4] = {T, delta, static_cast<double>(parse), static_cast<double>(which)};
  check_params(e, x);
  check_T(e, T);
  if (which == CWhich::scale) {
    const dd S = scale_dd(T, delta, parse);
    if (S.hi >= 0x1p-1022) {
      Value v;
      v.sign = 1;
      v.value = to_double(S);
      return v;
    }
    return value_from_log(ln_scale(T, delta, parse));
  }
  Value v;
  const double lnT = std::log(T);
  if (parse == CParse::ln_of_half_ln) {
    // ln(x), x = (ln 2 - ln delta)/2: x - 1 in double-double keeps the digits where x ~ 1 (delta ~ 2/e^2)
    const dd xm1 = (kLn2dd - log_dd(dd{delta, 0})) * 0.5 - dd{1, 0};
    v.value = std::log1p(to_double(xm1)) / (2 * lnT);
  } else {
    v.value = -kLn2Hi * (kLn2Hi - std::log(delta)) / (2 * lnT);
  }
  v.sign = v.value > 0 ? 1 : (v.value < 0 ? -1 : 0);
  return v;
}

Value eps1_per_step(double eps, double delta, double T, CParse parse) {
  static const Entry& e = entry("JKT.const.eps1_per_step");
  const double x[4] = {eps, delta, T, static_cast<double>(parse)};
  check_params(e, x);
  check_T(e, T);
  const dd S = scale_dd(T, delta, parse);
  const double se = std::sqrt(eps);
  if (S.hi >= 0x1p-1000 && se > 0x1p-1000) {
    Value v;
    v.value = to_double(dd{se, 0} / S);  // sqrt(eps) one rounding, the quotient in double-double
    v.sign = 1;
    if (v.value >= 0x1p-1022 && std::isfinite(v.value)) return v;
  }
  return value_from_log(0.5 * std::log(eps) - ln_scale(T, delta, parse));
}

Value pocp_beta(double lambda_A, double eps, double delta, double T, CParse parse) {
  static const Entry& e = entry("JKT.noise.pocp_beta");
  const double x[5] = {lambda_A, eps, delta, T, static_cast<double>(parse)};
  check_params(e, x);
  check_T(e, T);
  return to_value(pocp_beta_xd(lambda_A, eps, delta, T, parse));
}

xd pocp_beta_xd(double lambda_A, double eps, double delta, double T, CParse parse) {
  return detail::pocp_beta_xd<false>(lambda_A, eps, delta, T, static_cast<double>(parse));
}

}  // namespace privoco::fast::jkt

namespace privoco::fast::jkt {

namespace {
// R(d)^2 = (Gamma((d+1)/2)/Gamma(d/2))^2 for d = 1..200 in double-double (one rounding of the exact value: mpmath at
// 400 bits; the product of up to 100 double-double factors it replaces cost a microsecond per point), as hi and lo
constexpr double kRatioSqHi[201] = {
    0x0.0p+0, 0x1.45f306dc9c883p-2, 0x1.921fb54442d18p-1, 0x1.45f306dc9c883p+0, 0x1.c463abeccb2bbp+0,
    0x1.21bb945252402p+1, 0x1.616dde50feba2p+1, 0x1.a1371305e714bp+1, 0x1.e10e6e98e8ef2p+1, 0x1.10778f09144c3p+2,
    0x1.306b21fcc3675p+2, 0x1.50610914b0c33p+2, 0x1.7058abaf48993p+2, 0x1.9051a1059501bp+2, 0x1.b04b9ed30c504p+2,
    0x1.d0466f01edf2dp+2, 0x1.f041e9434112fp+2, 0x1.081ef7789077fp+3, 0x1.181d342a763b3p+3, 0x1.281ba16663f53p+3,
    0x1.381a37c0b18f6p+3, 0x1.4818f13daf49dp+3, 0x1.5817c8fcc3c29p+3, 0x1.6816baf9f9d97p+3, 0x1.7815c3df5f7b4p+3,
    0x1.8814e0e1ba645p+3, 0x1.98140fa57c7e3p+3, 0x1.a8134e29ce1b6p+3, 0x1.b8129ab8242bbp+3, 0x1.c811f3d7464dfp+3,
    0x1.d8115840f52afp+3, 0x1.e810c6d997a41p+3, 0x1.f8103ea97c1d1p+3, 0x1.0407df6baba13p+4, 0x1.0c07a351df1efp+4,
    0x1.14076ab2b4c75p+4, 0x1.1c0735430c8cbp+4, 0x1.240702bffd52cp+4, 0x1.2c06d2edbd41ap+4, 0x1.3406a596b58e7p+4,
    0x1.3c067a8aba0d4p+4, 0x1.4406519e5e605p+4, 0x1.4c062aaa63ca7p+4, 0x1.5406058b3b97dp+4, 0x1.5c05e2209ad00p+4,
    0x1.6405c04d1c79ep+4, 0x1.6c059ff5f035dp+4, 0x1.7405810293537p+4, 0x1.7c05635c92d7ep+4, 0x1.840546ef552bdp+4,
    0x1.8c052ba7ea5bep+4, 0x1.94051174e2033p+4, 0x1.9c04f846261b0p+4, 0x1.a404e00cda08ap+4, 0x1.ac04c8bb3d5c3p+4,
    0x1.b404b24491c67p+4, 0x1.bc049c9d03de3p+4, 0x1.c40487b9965cdp+4, 0x1.cc0473900f847p+4, 0x1.d4046016e86e0p+4,
    0x1.dc044d453e058p+4, 0x1.e4043b12c383cp+4, 0x1.ec042977b638cp+4, 0x1.f404186cd2823p+4, 0x1.fc0407eb49ccbp+4,
    0x1.0201fbf65cc15p+5, 0x1.0601f4359167ep+5, 0x1.0a01ecb071910p+5, 0x1.0e01e56456ab0p+5, 0x1.1201de4ec1bdep+5,
    0x1.1601d76d58925p+5, 0x1.1a01d0bde3170p+5, 0x1.1e01ca3e48fdcp+5, 0x1.2201c3ec8f8b1p+5, 0x1.2601bdc6d7937p+5,
    0x1.2a01b7cb5ba23p+5, 0x1.2e01b1f86e458p+5, 0x1.3201ac4c787d6p+5, 0x1.3601a6c5f848bp+5, 0x1.3a01a1637f4f5p+5,
    0x1.3e019c23b1a5ap+5, 0x1.4201970544a7dp+5, 0x1.46019206fdea8p+5, 0x1.4a018d27b23f4p+5, 0x1.4e01886644cb4p+5,
    0x1.520183c1a62e2p+5, 0x1.56017f38d3b88p+5, 0x1.5a017acad6b00p+5, 0x1.5e017676c3a0dp+5, 0x1.6201723bb9ba4p+5,
    0x1.66016e18e2371p+5, 0x1.6a016a0d6fcf3p+5, 0x1.6e0166189e331p+5, 0x1.72016239b18fbp+5, 0x1.76015e6ff61a7p+5,
    0x1.7a015ababfa44p+5, 0x1.7e0157196933bp+5, 0x1.8201538b54a56p+5, 0x1.8601500fea525p+5, 0x1.8a014ca698bbbp+5,
    0x1.8e01494ed43b9p+5, 0x1.9201460816ba6p+5, 0x1.960142d1df691p+5, 0x1.9a013fabb27f3p+5, 0x1.9e013c9518fc6p+5,
    0x1.a201398da06e5p+5, 0x1.a6013694dab92p+5, 0x1.aa0133aa5de35p+5, 0x1.ae0130cdc3e4bp+5, 0x1.b2012dfeaa77cp+5,
    0x1.b6012b3cb2edcp+5, 0x1.ba01288782053p+5, 0x1.be0125debfc28p+5, 0x1.c2012342174aap+5, 0x1.c60120b136c01p+5,
    0x1.ca011e2bcf214p+5, 0x1.ce011bb19428dp+5, 0x1.d20119423c2fdp+5, 0x1.d60116dd8010fp+5, 0x1.da0114831b0dap+5,
    0x1.de011232cab41p+5, 0x1.e2010fec4ec74p+5, 0x1.e6010daf69275p+5, 0x1.ea010b7bddbbbp+5, 0x1.ee010951725ddp+5,
    0x1.f201072feec58p+5, 0x1.f60105171c75cp+5, 0x1.fa010306c6aa5p+5, 0x1.fe0100feba46fp+5, 0x1.01007f7f62e33p+6,
    0x1.03007e835c957p+6, 0x1.05007d8b32f7cp+6, 0x1.07007c96cf7cap+6, 0x1.09007ba61c44dp+6, 0x1.0b007ab90418dp+6,
    0x1.0d0079cf7262cp+6, 0x1.0f0078e953282p+6, 0x1.1100780693047p+6, 0x1.130077271f238p+6, 0x1.1500764ae53c4p+6,
    0x1.17007571d38c0p+6, 0x1.1900749bd8d17p+6, 0x1.1b0073c8e447fp+6, 0x1.1d0072f8e5a3ap+6, 0x1.1f00722bcd0cap+6,
    0x1.210071618b1b9p+6, 0x1.2300709a10d54p+6, 0x1.25006fd54fa76p+6, 0x1.27006f133964bp+6, 0x1.29006e53c041ap+6,
    0x1.2b006d96d6d13p+6, 0x1.2d006cdc7001cp+6, 0x1.2f006c247f19ep+6, 0x1.31006b6ef7b5bp+6, 0x1.33006abbcdc3ep+6,
    0x1.35006a0af5832p+6, 0x1.3700695c637f9p+6, 0x1.390068b00c902p+6, 0x1.3b006805e5d47p+6, 0x1.3d00675de4b25p+6,
    0x1.3f0066b7fed3bp+6, 0x1.410066142a244p+6, 0x1.430065725ccfep+6, 0x1.450064d28d403p+6, 0x1.47006434b21adp+6,
    0x1.49006398c23fbp+6, 0x1.4b0062feb4c74p+6, 0x1.4d00626681009p+6, 0x1.4f0061d01e6fdp+6, 0x1.5100613b84ccfp+6,
    0x1.530060a8ac01bp+6, 0x1.550060178c288p+6, 0x1.57005f881d8adp+6, 0x1.59005efa58a01p+6, 0x1.5b005e6e360c0p+6,
    0x1.5d005de3ae9d9p+6, 0x1.5f005d5abb4dbp+6, 0x1.61005cd3553e2p+6, 0x1.63005c4d75b81p+6, 0x1.65005bc9162b7p+6,
    0x1.67005b46302d8p+6, 0x1.69005ac4bd77dp+6, 0x1.6b005a44b7e79p+6, 0x1.6d0059c6197c3p+6, 0x1.6f005948dc56ap+6,
    0x1.710058ccfab89p+6, 0x1.730058526f032p+6, 0x1.750057d933b68p+6, 0x1.770057614370ep+6, 0x1.790056ea98ed9p+6,
    0x1.7b0056752f048p+6, 0x1.7d00560100a94p+6, 0x1.7f00558e08ea5p+6, 0x1.8100551c42f0ap+6, 0x1.830054aba9feap+6,
    0x1.8500543c396fbp+6, 0x1.870053cdecb7bp+6, 0x1.89005360bf61fp+6, 0x1.8b0052f4ad111p+6, 0x1.8d005289b17e1p+6,
    0x1.8f00521fc8780p+6};
constexpr double kRatioSqLo[201] = {
    0x0.0p+0, -0x1.6b01ec5417056p-56, 0x1.1a62633145c07p-55, -0x1.6b01ec5417056p-54, 0x1.3daeaf976e788p-54,
    0x1.67fe4a5feb897p-53, 0x1.5830792e4e4e2p-53, 0x1.0f52503cfac5ap-55, 0x1.29d03329b1b17p-53,
    0x1.3bf88a7ce5062p-52, 0x1.4c75c06062725p-52, 0x1.f7dd81e2e1db5p-52, 0x1.5358a31a2e66ap-54,
    0x1.b6d9110e0235bp-52, -0x1.1552e1ec517f4p-52, 0x1.c66d5af986599p-52, 0x1.882c9bff15623p-52,
    0x1.d5bc8ac057446p-53, 0x1.f6ba5c1af723ep-52, 0x1.47174ea9d3059p-52, 0x1.541e56de08e43p-51,
    0x1.89f4cd43d8e60p-51, 0x1.7314d17662f72p-52, 0x1.02383573ad9cap-51, 0x1.a8f0aa88e5286p-51,
    -0x1.064c01ad76ecbp-52, 0x1.45fa790ac3519p-51, 0x1.bbbfd04f70a02p-52, 0x1.9933b343e6668p-52,
    -0x1.638f065467c8dp-51, 0x1.5cc84d0c177e8p-51, -0x1.e0f53cbabddd4p-52, 0x1.a558b8ab58cd5p-51,
    0x1.c1c128cd232fbp-53, 0x1.e88bcd321c983p-50, 0x1.4538ae74df318p-52, -0x1.89cb858f5386ap-50,
    0x1.f3b72a567b7f9p-51, -0x1.5b46ae8facc69p-54, 0x1.afd817735c3f3p-50, 0x1.ccc5af4ce6cf0p-50,
    0x1.cdadf5ff28a77p-50, -0x1.d6013ad1f0e84p-52, -0x1.2c9bb3c4a9cbcp-53, -0x1.89185724387d5p-50,
    -0x1.bdd7bc6d16a37p-50, 0x1.66f31a4625b50p-50, 0x1.2b36d77cd0f4ep-50, 0x1.79253a47895c5p-50,
    0x1.6bdc1bfe4e644p-52, 0x1.65b59bba8cf6ap-54, 0x1.ae7690f3b894fp-54, -0x1.44e662d8b6df5p-50,
    0x1.5c181f5fb9788p-52, 0x1.e687f5264144ep-50, -0x1.e8c269c65e8abp-52, -0x1.00f61eebe47fep-50,
    0x1.40a15698aac4ap-52, 0x1.a32ace7eb5a26p-50, -0x1.e594357676959p-50, -0x1.acb039e1e1032p-52,
    -0x1.3df8053066213p-53, -0x1.cec1e6bb5032ep-51, -0x1.a7980043864cep-54, 0x1.fe9858247bd19p-52,
    0x1.9a3b780698254p-49, -0x1.74ca5f729bc10p-49, -0x1.311e3dc8d95a0p-49, 0x1.7ae3fcf652719p-49,
    0x1.bd5e5ae7aaec8p-50, -0x1.fccb48bf1c82ap-51, -0x1.1981bf2781c50p-50, 0x1.53dad27340676p-54,
    0x1.8f220194a48c1p-50, 0x1.caeae2ccf6f66p-49, -0x1.a39657a1dd53bp-50, 0x1.ad547abc91c8dp-49,
    0x1.6d0c25a0e0ee1p-50, 0x1.484657cf2f315p-50, -0x1.c03e9dece8279p-55, 0x1.1fb98d706cdaep-51,
    -0x1.7ce930aa07079p-50, -0x1.8923a7a922fb5p-49, 0x1.d4a7e6a162933p-50, 0x1.73539223c029bp-50,
    0x1.2b2b109ff1607p-49, -0x1.a3fe8516e02cep-49, -0x1.7301430f3e3f8p-52, -0x1.9dc1fb30170dfp-49,
    0x1.7b80dc09a789cp-51, 0x1.736bf6abb4468p-50, -0x1.bff2aa4999672p-50, -0x1.21d755316a6a2p-51,
    0x1.72314a7071c41p-49, 0x1.c5900f62b3fdap-49, 0x1.ede0244aca969p-54, -0x1.e6aea79f62fcep-49,
    -0x1.f64f5cd138979p-49, 0x1.56077c830d0b9p-50, 0x1.4d3b083dc9a9dp-49, -0x1.53b76f728c55fp-49,
    -0x1.c500070de166cp-49, 0x1.f3decc64fe41bp-50, -0x1.5de344c109b93p-49, 0x1.67ae5bc8f2ac4p-49,
    0x1.f3ea9e3a0fb6bp-49, 0x1.cef98fcbd8258p-51, 0x1.75d329f17b071p-50, 0x1.0d0c90e7b4c95p-50,
    -0x1.0f25a9bb39674p-52, 0x1.cb439b9d09b71p-51, 0x1.aa806b72c4478p-49, -0x1.f147a4693b782p-52,
    0x1.1f1db3eec9891p-49, 0x1.8fbed739b3acep-49, -0x1.05c8b721afd70p-51, 0x1.b938d8c5b0cb4p-49,
    0x1.d92b4fb9416f3p-49, 0x1.d860824576015p-49, -0x1.b9f23418e8231p-49, 0x1.e4b91fec27e1fp-50,
    0x1.445360383d6f1p-49, 0x1.c226ae2ccf430p-49, -0x1.9cfd8afc11a0fp-49, -0x1.d61c3688c3110p-51,
    0x1.d194d078f44b3p-49, -0x1.fefa67dcd8ec6p-50, 0x1.ac8479965b966p-50, -0x1.8dd928c72f875p-49,
    -0x1.4d3ea73cbf240p-48, 0x1.d16c9d98884efp-48, 0x1.d5e3a96a97105p-48, 0x1.0f321cfda39ffp-50,
    -0x1.9ae5fc283af7ap-50, 0x1.ac9df6cad209fp-48, 0x1.54b38c51df084p-49, 0x1.bd5c3d1cdf231p-48,
    0x1.e4fe4109f6ed9p-50, -0x1.d36df4f98dae2p-48, 0x1.34c8bf79b2065p-50, 0x1.3cd6c9e1b1bcdp-48,
    -0x1.5126a4d77a4a1p-48, 0x1.02b00511dfa98p-48, -0x1.0fcc635aaad2ep-48, 0x1.d7c57410acf0dp-49,
    -0x1.38a8205554e6ep-50, 0x1.6e16384de9283p-48, 0x1.0084d1766ea07p-48, -0x1.1e707d038056bp-48,
    -0x1.98f23d5701df3p-49, 0x1.2549a5a502b10p-49, -0x1.88aeeea8df85fp-49, 0x1.3362bc402a72ep-51,
    -0x1.23e8dcefe24a8p-50, -0x1.4c85a1af4b4b1p-50, -0x1.0d3ba01cdeeb3p-54, -0x1.c08bd559107f3p-48,
    -0x1.05044a4d8704ep-49, -0x1.156ee5726184bp-52, 0x1.159efe1f979e2p-49, -0x1.e8fded1f186abp-48,
    0x1.784cb1262e91bp-48, 0x1.10ad35b1fc165p-48, -0x1.1153adf17fd8ap-48, -0x1.95051685c99cdp-50,
    0x1.5026ee40a5ce3p-48, -0x1.1d0401f159fe8p-49, -0x1.f4a9d5938e741p-48, 0x1.3996f9fb4a002p-48,
    0x1.1906cfcea6123p-50, 0x1.69002d8d83029p-50, -0x1.6548394da7fd7p-48, 0x1.8f1e0efeb5665p-48,
    0x1.adedb77954f8bp-48, 0x1.deecc66322041p-49, 0x1.47b8446acb773p-48, 0x1.e9aa717171c76p-48,
    -0x1.90bcd853e3d2ep-49, 0x1.45d3124a26859p-48, 0x1.aa4d79f5354bap-49, -0x1.52509d3b48b0dp-48,
    0x1.413a67521e92ep-48, 0x1.fdc117d9d4778p-50, -0x1.d01ad36bb824fp-51, 0x1.d824f5958387cp-48,
    -0x1.35e6d89defd75p-48, -0x1.96e3230e6a225p-51, 0x1.9558c0f4a0b1dp-49, -0x1.0cdc2fd488becp-50,
    0x1.b3cd6b509db24p-48, 0x1.7906a29153cb4p-48, -0x1.0242484f2c821p-50, 0x1.a7aa24ff0f513p-49,
    -0x1.0617d255b79a6p-50, -0x1.37265929ae0afp-48, 0x1.5abbbcaa06d9ep-48, -0x1.bb6407f829be5p-49,
    0x1.ede1895f65361p-50, 0x1.6395dbf25be30p-53, 0x1.83655a137e6ecp-48, 0x1.86b80a498bdd0p-48};
dd ratio_sq(double d) {
  const int j = static_cast<int>(d);  // 1 <= d <= 200, an integer
  return {kRatioSqHi[j], kRatioSqLo[j]};
}
// ln(R(d)/sqrt(d/2)) = sum_n (-1)^n (2^{1-n} - 2) B_n/(n(n-1)) x^{1-n}, x = d/2 (Bernoulli polynomials at 1/2)
double log_ratio_series(double d) {
  const double x = d / 2, y = 1 / (x * x);
  static const double c[] = {-1.0 / 8, 1.0 / 192, -1.0 / 640, 17.0 / 14336, -31.0 / 18432, 691.0 / 180224};
  double s = 0;
  for (int k = 5; k >= 0; --k) s = s * y + c[k];
  return s / x;
}
}  // namespace

Value chi_norm(double d, double s, ChiWhich which) {
  static const Entry& e = entry("JKT.noise.chi_norm");
  const double x[3] = {d, s, static_cast<double>(which)};
  check_params(e, x);
  if (d != std::floor(d)) throw DomainError(e.id, "d", text17(d), "integers in " + e.params[0].domain.text());
  // mean / s = sqrt2 R; variance / s^2 = d - 2 R^2; the printed variance / s^2 = d - s^2 (2 R^2)
  double m, v;  // mean/s and variance/s^2
  if (d <= 200) {
    const dd r2 = ratio_sq(d);
    m = to_double(sqrt_dd(r2 * 2.0));
    v = to_double(dd{d, 0} - r2 * 2.0);
  } else {
    const double S = log_ratio_series(d);
    m = std::sqrt(d) * std::exp(S);  // sqrt2 R = sqrt(2x) e^S = sqrt(d) e^S
    v = -d * std::expm1(2 * S);      // d - 2 R^2 = d (1 - e^{2S})
  }
  Value out;
  out.sign = 1;
  const double ls = std::log(s);
  // products with the exponent kept apart: no logarithms outside the range
  if (which == ChiWhich::mean) return to_value(xd_of(m) * xd_of(s));
  if (which == ChiWhich::variance) return to_value(xd_of(v) * xd_of(s) * xd_of(s));
  // printed: s^2 (d - mu^2), mu = s m: d - s^2 m^2 = v + m^2 (1 - s)(1 + s) with v = d - m^2 (no cancellation in v;
  // the sum cancels only near its root, s slightly above 1); may be negative (for s > 1)
  const double p = v + (d - v) * ((1 - s) * (1 + s));
  if (std::isfinite(p)) return to_value(xd_of(s) * xd_of(s) * xd_of(p));  // (s^2 underflowed: 0 with sign 0)
  out.value = s * s * p;
  out.sign = out.value > 0 ? 1 : (out.value < 0 ? -1 : 0);
  if (!std::isfinite(out.value) || (out.value != 0 && std::fabs(out.value) < 0x1p-1022)) {
    // |s^2 d - s^4 m^2|: the larger term dominates outside the double range
    const double la = std::log(d) + 2 * ls, lb = 2 * std::log(m) + 4 * ls;
    return value_from_log(std::max(la, lb), la >= lb ? 1 : -1);
  }
  return out;
}

namespace {
// H_n = sum_{k<=n} 1/k in double-double (one rounding of the exact value: mpmath at 300 bits) for n = 0..64, as hi and
// lo (the sum of up to 64 double-double quotients it replaces cost a microsecond per point)
constexpr double kHarmonicHi[65] = {
    0x0.0p+0, 0x1.0000000000000p+0, 0x1.8000000000000p+0, 0x1.d555555555555p+0, 0x1.0aaaaaaaaaaabp+1,
    0x1.2444444444444p+1, 0x1.399999999999ap+1, 0x1.4be2be2be2be3p+1, 0x1.5be2be2be2be3p+1, 0x1.6a1ba1ba1ba1cp+1,
    0x1.76e86e86e86e8p+1, 0x1.828b574116fa3p+1, 0x1.8d3601ebc1a4dp+1, 0x1.970e9f759a426p+1, 0x1.a03331bebed4ap+1,
    0x1.a8bbba47475d3p+1, 0x1.b0bbba47475d3p+1, 0x1.b84341cecee4bp+1, 0x1.bf5fb395eb568p+1, 0x1.c61c554513c25p+1,
    0x1.cc82bbab7a28bp+1, 0x1.d29b1d31928a3p+1, 0x1.d86c918ea9d00p+1, 0x1.ddfd43a4ec986p+1, 0x1.e35298fa41edbp+1,
    0x1.e871514c2d72dp+1, 0x1.ed5da01119c1ap+1, 0x1.f21b4140820d7p+1, 0x1.f6ad8a6514569p+1, 0x1.fb1778bd5af58p+1,
    0x1.ff5bbd019f39cp+1, 0x1.01be62a1d7defp+2, 0x1.03be62a1d7defp+2, 0x1.05aedec0dfa0ep+2, 0x1.0790c0a2c182cp+2,
    0x1.0964dde495a00p+2, 0x1.0b2bfa565cbc7p+2, 0x1.0ce6c9e7a8d82p+2, 0x1.0e95f25372f31p+2, 0x1.103a0c95170d6p+2,
    0x1.11d3a62eb0a6fp+2, 0x1.13634247aa688p+2, 0x1.14e95aa93080ep+2, 0x1.1666609d48514p+2, 0x1.17dabdb48e22bp+2,
    0x1.1946d475fa397p+2, 0x1.1aab00fb8aeb9p+2, 0x1.1c07997e441c9p+2, 0x1.1d5ceed39971fp+2, 0x1.1eab4cde0c624p+2,
    0x1.1ff2faf287438p+2, 0x1.21343c33c884cp+2, 0x1.226f4fe503987p+2, 0x1.23a471b4b6500p+2, 0x1.24d3da0090630p+2,
    0x1.25fdbe132ea42p+2, 0x1.2722505c53367p+2, 0x1.2841c0a42f486p+2, 0x1.295c3c3a40f02p+2, 0x1.2a71ee2038429p+2,
    0x1.2b82ff314953ap+2, 0x1.2c8f964645214p+2, 0x1.2d97d856c9425p+2, 0x1.2e9be897cd529p+2, 0x1.2f9be897cd529p+2};
constexpr double kHarmonicLo[65] = {
    0x0.0p+0, 0x0.0p+0, 0x0.0p+0, 0x1.5555555555555p-54, -0x1.5555555555555p-53, 0x1.1111111111111p-53,
    -0x1.999999999999ap-53, -0x1.0750750750750p-53, -0x1.0750750750750p-53, -0x1.7917917917918p-53,
    0x1.ba1ba1ba1ba1cp-53, -0x1.8bb5d2a2fba41p-53, 0x1.1ef4d807af069p-53, -0x1.ab8f1608a65bep-55,
    0x1.de40ccc6fafb5p-53, 0x1.8bbba47475d30p-63, 0x1.8bbba47475d30p-63, 0x1.e244d0cafeff5p-53,
    -0x1.5a7af5b7923b9p-55, -0x1.cfe21bbebc232p-53, -0x1.b2441129144bfp-56, 0x1.4fcfdf60f5d80p-53,
    0x1.ace725326a352p-53, -0x1.05081c27466b5p-57, 0x1.4504d392e0eeap-53, 0x1.e6329ce851397p-54,
    -0x1.d1d30050c3b21p-53, 0x1.65d541bd49339p-54, 0x1.d77cea0336e2fp-53, -0x1.8ed134cd6eeabp-54,
    0x1.26a1daa9666eep-55, 0x1.1771f596c3bb9p-54, 0x1.1771f596c3bb9p-54, 0x1.9390fd58b437bp-54,
    0x1.bab96f9d4b0cdp-53, 0x1.52640843acd6ep-52, 0x1.c42b24b573f35p-52, 0x1.0270552427d7ap-52,
    0x1.a41f7d8ff1f29p-52, -0x1.f2d9f207077d0p-52, 0x1.ce31d17d7ba58p-54, 0x1.6a4acb3f0b41ap-54,
    0x1.7831966291d19p-53, 0x1.18f0195c9db9cp-53, 0x1.a3bdde22abf42p-52, 0x1.fec38e7db1a48p-52,
    -0x1.c2296cfe1809dp-54, 0x1.d81c4ef356060p-53, -0x1.be9c8330ffa7bp-52, -0x1.b177b803f4dc6p-53,
    0x1.12c942b6577d5p-52, 0x1.63199306a7cdap-52, 0x1.b1de7f556cb9fp-52, 0x1.6d660d286f304p-53,
    -0x1.a81d911fee54fp-52, 0x1.a1ce2ce0b8484p-53, -0x1.cbe8ae8cfe933p-53, 0x1.b6563202b990cp-53,
    -0x1.991c90323d9b7p-53, -0x1.30f9d9f57eb12p-53, -0x1.50e2a2d9ec513p-54, 0x1.2d97134bb1b5ep-53,
    -0x1.58b05551e5149p-52, -0x1.17ac4510e1045p-52, -0x1.17ac4510e1045p-52};
}  // namespace

dd harmonic_dd(double n) {
  if (n <= 64) {
    const int j = n < 1 ? 0 : static_cast<int>(n);
    return {kHarmonicHi[j], kHarmonicLo[j]};
  }
  // H_n = ln n + gamma + 1/(2n) - 1/(12n^2) + 1/(120n^4) - 1/(252n^6) + 1/(240n^8) - ..., error < 1/(132 n^10)
  static const dd kGamma{0x1.2788cfc6fb619p-1, -0x1.6cb90701fbfabp-58};
  const double y = 1 / (n * n);
  const double tail = y * (-1.0 / 12 + y * (1.0 / 120 + y * (-1.0 / 252 + y * (1.0 / 240))));
  return log_dd(dd{n, 0}) + kGamma + dd{1, 0} / dd{2 * n, 0} + dd{tail, 0};
}

Value pocp_noise_sum(double lambda_A, double eps, double delta, double T, double d, CParse parse, NoiseSumWhich which) {
  static const Entry& e = entry("JKT.bound.pocp_noise_sum");
  const double x[7] = {lambda_A, eps, delta, T, d, static_cast<double>(parse), static_cast<double>(which)};
  check_params(e, x);
  check_T(e, T);
  if (d != std::floor(d)) throw DomainError(e.id, "d", text17(d), "integers in " + e.params[4].domain.text());
  const double Ld = std::log(T) - std::log(delta);  // ln(T/delta) > 0: ln T >= ln 2, ln delta < 0
  // each line as a product of factors, each within an ulp or two (product_of: no intermediate leaves the range)
  if (which == NoiseSumWhich::line3)  // JKT Eq (12) l.3: 2 sqrt(d) lambda sqrt(T) ln^2(T/delta)/sqrt(eps)
    return product_of({2 * std::sqrt(d), lambda_A, std::sqrt(T), Ld, Ld}, {std::sqrt(eps)});
  const Value chi = chi_norm(d, 1, ChiWhich::mean);  // sqrt2 R(d)
  if (which == NoiseSumWhich::line2) {  // l.2, with R(d) = chi/sqrt2
    const double l2 = kLn2Hi - std::log(delta);
    // sqrt((2/eps) l2 (...)) as sqrt(2 l2 (...))/sqrt(eps): 2/eps overflowed for a subnormal eps (overflow status
    // where the bound is 1.2e113)
    const double w = std::sqrt(2 * l2 * (Ld + std::sqrt(eps) / std::sqrt(0.5 * T * l2)));
    return product_of({chi.value * 0.70710678118654752, lambda_A, std::sqrt(T), std::log(T), w}, {std::sqrt(eps)});
  }
  const Value beta = pocp_beta(lambda_A, eps, delta, T, parse);
  const double h = which == NoiseSumWhich::exact ? to_double(harmonic_dd(T - 1)) : std::log1p(T - 2);  // H_{T-1} or ln(T - 1)
  if (h == 0) return Value{};  // l.1 at T = 2: ln 1 = 0 (value 0, sign 0)
  if (beta.status != Status::ok) return product_of({chi.value, pocp_beta_xd(lambda_A, eps, delta, T, parse), h});
  return product_of({chi.value, beta.value, h});
}

Value delta_typical(double T) {
  static const Entry& e = entry("JKT.const.delta_typical");
  check_params(e, &T);
  if (T != std::floor(T)) throw DomainError(e.id, "T", text17(T), "integers in " + e.params[0].domain.text());
  return value_from_log(-T);  // ln delta = -T exactly; exp rounds once
}

namespace {
// JKT Thm 2 (gamma = 1) and Cor 1: 2 sqrt(d) L (lambda_A + ||C||) sqrt(T) ln^2(T/delta)/sqrt(eps gamma) + R_A
Value pocp_regret_bound(const Entry& e, const double* x, double gamma) {
  const double lambda = x[0], L = x[1], r = x[2], eps = x[4], delta = x[5], T = x[6], d = x[7], RA = x[8];
  check_T(e, T);
  check_integer(e, "d", d);
  const xd C = detail::c_norm_xd(r, x[3]);  // J5
  const double Ld = std::log(T) - std::log(delta);
  const xd w = xd_of(lambda) + C;
  const Value first = product_of({2.0, std::sqrt(d), L, w, std::sqrt(T), Ld, Ld}, {std::sqrt(eps), std::sqrt(gamma)});
  Value ra;
  ra.value = RA, ra.sign = RA > 0 ? 1 : 0;
  if (std::isinf(RA)) ra.status = Status::overflow, ra.log_abs_out = INFINITY;
  return sum_same_sign(first, ra);
}
}  // namespace

Value pocp_expected(double lambda_A, double L, double radius, CNorm cn, double eps, double delta, double T, double d,
                    double R_A) {
  static const Entry& e = entry("JKT.bound.pocp_expected");
  const double x[9] = {lambda_A, L, radius, static_cast<double>(cn), eps, delta, T, d, R_A};
  check_params(e, x);
  return pocp_regret_bound(e, x, 1);
}

Value pocp_hp(double lambda_A, double L, double radius, CNorm cn, double eps, double delta, double T, double d,
              double R_A, double gamma) {
  static const Entry& e = entry("JKT.bound.pocp_hp");
  const double x[10] = {lambda_A, L, radius, static_cast<double>(cn), eps, delta, T, d, R_A, gamma};
  check_params(e, x);
  return pocp_regret_bound(e, x, gamma);
}

}  // namespace privoco::fast::jkt

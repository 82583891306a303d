// JKT.noise.chi_norm's forms, shared by the scalar function (pocp.cpp) and the batch kernel (batch.cpp): the same
// branch-free operations, so the same bits.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>

#include "privoco/fast/numerics/dd.hpp"
#include "privoco/fast/numerics/dd_math.hpp"
#include "privoco/fast/numerics/xd.hpp"

namespace privoco::fast::jkt::detail {

// R(d)^2 = (Gamma((d+1)/2)/Gamma(d/2))^2 for d = 1..200 (index d - 1) in double-double (one rounding of the exact
// value: mpmath at 400 bits; the product of up to 100 double-double factors it replaces cost a microsecond per point),
// as hi and lo (tables local to the function, as log_dd's); the index clamped to 200 so that a kernel may form it at
// every point (it is used for 1 <= d <= 200)
PRIVOCO_DD_INLINE dd ratio_sq(double d) {
  static constexpr double kRatioSqHi[200] = {
      0x1.45f306dc9c883p-2, 0x1.921fb54442d18p-1, 0x1.45f306dc9c883p+0, 0x1.c463abeccb2bbp+0,
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
  static constexpr double kRatioSqLo[200] = {
      -0x1.6b01ec5417056p-56, 0x1.1a62633145c07p-55, -0x1.6b01ec5417056p-54, 0x1.3daeaf976e788p-54,
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
  // (the integer from the bits of d + 1.5 2^52, a 64-bit index: with a double clamped and converted to int, GCC
  // made the gathers masked loads it could not vectorise)
  const double jd = d + 0x1.8p52;  // (d >= 1: the difference below is d itself for d < 2^51, else beyond 200)
  std::uint64_t bits;
  std::memcpy(&bits, &jd, sizeof bits);
  const std::uint64_t j0 = bits - 0x4338000000000000ULL, j = j0 > 200 ? 200 : j0;
  return {kRatioSqHi[j - 1], kRatioSqLo[j - 1]};
}
// S = ln(R(d)/sqrt(d/2)) = sum_n (-1)^n (2^{1-n} - 2) B_n/(n(n-1)) x^{1-n}, x = d/2 (Bernoulli numbers B_n, n even;
// n <= 16), in y = 1/x^2: the first three coefficients in double-double, the rest in double (their share below
// 2^-40 of S for d > 200), and the first term omitted below 2^-96 of S
PRIVOCO_DD_INLINE dd log_ratio_series_dd(double d) {
  const double x = d / 2, r = 1 / x;           // (x exact)
  const dd rx = quick_two_sum(r, r * std::fma(-x, r, 1.0));  // 1/x to about 2^-104
  const dd y = rx * rx;
  const double t = 0x1.36db6db6db6dbp-10 + y.hi * (-0x1.b8e38e38e38e4p-10 + y.hi * (0x1.f68ba2e8ba2e9p-9 +
                   y.hi * (-0x1.a413b13b13b14p-7 + y.hi * 0x1.e426888888889p-5)));
  dd s = dd{-0x1.999999999999ap-10, 0x1.999999999999ap-64} + y * t;
  s = dd{0x1.5555555555555p-8, 0x1.5555555555555p-62} + y * s;
  s = dd{-0.125, 0} + y * s;
  return s * rx;
}
// e^z - 1 for |z| <= 2^-8 in double-double: z + z^2 (1/2 + z (1/6 + z (1/24 + z w))), w = 1/120 + ... + z^6/11! in
// double (its share below 2^-40 of the bracket; the truncation below 2^-100)
PRIVOCO_DD_INLINE dd expm1_small_dd(dd z) {
  const double h = z.hi;
  const double w = 0x1.1111111111111p-7 + h * (0x1.6c16c16c16c17p-10 + h * (0x1.a01a01a01a01ap-13 +
                   h * (0x1.a01a01a01a01ap-16 + h * (0x1.71de3a556c734p-19 + h * (0x1.27e4fb7789f5cp-22 +
                   h * 0x1.ae64567f544e4p-26)))));
  dd q = dd{0x1.5555555555555p-5, 0x1.5555555555555p-59} + z * w;
  q = dd{0x1.5555555555555p-3, 0x1.5555555555555p-57} + z * q;
  q = dd{0.5, 0} + z * q;
  return z + (z * z) * q;
}

// 2R^2 = m^2 (the squared mean over s^2) and d - 2R^2 (the variance over s^2) of chi_d, R = Gamma((d+1)/2)/Gamma(d/2)
// (JKT Thm 2 proof), both in double-double, d an integer: the ratio's recurrence (a table) for d <= 200, else
// 2R^2 = d e^{2S} from the series (d - 2R^2 = -d (e^{2S} - 1): no cancellation). kSelect: both formed, then
// selected (the kernel); false: the point's route alone (scalar code).
template <bool kSelect>
PRIVOCO_DD_INLINE void chi_moments_dd(double d, dd* m2, dd* v) {
  if constexpr (!kSelect) {  // scalar code: the point's route alone (the same operations)
    if (d <= 200) {
      const dd r2 = ratio_sq(d) * 2.0;
      *m2 = r2, *v = dd{d, 0} - r2;
    } else {
      *v = expm1_small_dd(log_ratio_series_dd(d) * 2.0) * -d;
      *m2 = dd{d, 0} - *v;
    }
  } else {
    const dd r2 = ratio_sq(d) * 2.0;
    const dd vs = expm1_small_dd(log_ratio_series_dd(d < 201 ? 201.0 : d) * 2.0) * -d;
    const dd mt = dd{d, 0} - vs, vt = dd{d, 0} - r2;
    const bool table = d <= 200;
    *m2 = {table ? r2.hi : mt.hi, table ? r2.lo : mt.lo};  // (field by field: selects, no branch)
    *v = {table ? vt.hi : vs.hi, table ? vt.lo : vs.lo};
  }
}
// the printed variance / s^2: d - s^2 m^2 = v + m^2 (1 - s^2), 1 - s^2 exact as a double-double (two_prod): accurate
// to its root (s slightly above 1, where the terms cancel); may be negative (for s > 1); -inf for s^2 past the range
// (JKT Thm 2 proof, ERRATA.md E28)
PRIVOCO_DD_INLINE double chi_printed_p(dd m2, dd v, double s) {
  return to_double(v + m2 * (dd{1, 0} - two_prod(s, s)));
}
// the three readings as products with the exponent kept apart (no logarithms outside the range), selected
PRIVOCO_DD_INLINE xd chi_norm_xd(double s, double which, double m, double v, double p) {
  const xd xs = xd_of(s), mean = xd_of(m) * xs, var = xd_of(v) * xs * xs, printed = xs * xs * xd_of(p);
  return xd_select(which == 0, mean, xd_select(which == 1, var, printed));
}
}  // namespace privoco::fast::jkt::detail
